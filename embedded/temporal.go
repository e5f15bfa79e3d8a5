// Package embedded runs the infrastructure pagecast depends on inside the
// application process: a single-node Temporal server (with its Web UI) on
// SQLite and an S3-compatible object store on local disk.
package embedded

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	uiserver "github.com/temporalio/ui-server/v2/server"
	uiconfig "github.com/temporalio/ui-server/v2/server/config"
	uioptions "github.com/temporalio/ui-server/v2/server/server_options"
	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/client"
	sdklog "go.temporal.io/sdk/log"
	"go.temporal.io/server/common/cluster"
	"go.temporal.io/server/common/config"
	"go.temporal.io/server/common/dynamicconfig"
	"go.temporal.io/server/common/log/tag"
	"go.temporal.io/server/common/membership/static"
	sqliteplugin "go.temporal.io/server/common/persistence/sql/sqlplugin/sqlite"
	"go.temporal.io/server/common/primitives"
	sqliteschema "go.temporal.io/server/schema/sqlite"
	"go.temporal.io/server/temporal"
	"google.golang.org/protobuf/types/known/durationpb"
)

// clusterName is the name of the single local Temporal cluster.
const clusterName = "active"

// readyTimeout bounds how long StartTemporal waits for the frontend and the UI.
const readyTimeout = 30 * time.Second

// TemporalOptions configures the in-process Temporal server.
type TemporalOptions struct {
	DatabaseFile string       // SQLite file (WAL); empty = in-memory (tests)
	IP           string       // bind address, default 127.0.0.1
	FrontendPort int          // 0 = pick a free port
	UIPort       int          // 0 = no Web UI; else serve temporalio/ui-server on that port
	Namespaces   []string     // created if missing; default ["default"]
	Logger       *slog.Logger // optional; server logs at error level only
}

// Temporal is a running in-process Temporal server (frontend, history,
// matching and worker services) with an optional Web UI.
type Temporal struct {
	server   temporal.Server
	ui       *uiserver.Server
	uiDone   chan struct{}
	frontend string
	uiAddr   string
	stopping *atomic.Bool // set by Stop: errors logged after it are shutdown noise
	stopOnce sync.Once
	stopErr  error
}

// StartTemporal starts Temporal and returns once the frontend accepts
// connections, every namespace in o.Namespaces is served and, when o.UIPort is
// set, the Web UI answers.
func StartTemporal(ctx context.Context, o TemporalOptions) (*Temporal, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("start temporal: %w", err)
	}
	if o.IP == "" {
		o.IP = "127.0.0.1"
	}
	if len(o.Namespaces) == 0 {
		o.Namespaces = []string{"default"}
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	// Internal services and clients reach the frontend through a loopback
	// address when it binds to every interface.
	dialIP := o.IP
	if ip := net.ParseIP(o.IP); ip != nil && ip.IsUnspecified() {
		dialIP = "127.0.0.1"
	}
	// History, matching and the worker service listen on loopback ports of
	// their own; the frontend too unless o names its port.
	internal, err := ReservePorts("127.0.0.1", len(internalServices))
	if err != nil {
		return nil, fmt.Errorf("start temporal: %w", err)
	}
	if o.FrontendPort == 0 {
		ports, err := ReservePorts(o.IP, 1)
		if err != nil {
			return nil, fmt.Errorf("start temporal: %w", err)
		}
		o.FrontendPort = ports[0]
	}

	sqlConf, err := prepareDatabase(o.DatabaseFile, o.Namespaces)
	if err != nil {
		return nil, fmt.Errorf("start temporal: %w", err)
	}
	conf, hosts := serverConfig(o, dialIP, internal, sqlConf)
	stopping := &atomic.Bool{}
	server, err := temporal.NewServer(
		temporal.WithConfig(conf),
		temporal.ForServices(temporal.DefaultServices),
		temporal.WithStaticHosts(hosts),
		temporal.WithLogger(errorLogger{log: o.Logger, stopping: stopping}),
		temporal.WithDynamicConfigClient(dynamicconfig.StaticClient{
			// Visibility (list/count) calls from the UI and tests are limited to 10/s by default.
			dynamicconfig.FrontendMaxNamespaceVisibilityRPSPerInstance.Key(): 1000,
			dynamicconfig.FrontendMaxNamespaceRPSPerInstance.Key():           10000,
			// One node with little traffic: keep the mutable-state cache small.
			dynamicconfig.HistoryCacheHostLevelMaxSize.Key(): 8192,
		}),
	)
	if err != nil {
		return nil, fmt.Errorf("start temporal: new server: %w", err)
	}
	if err := server.Start(); err != nil {
		return nil, fmt.Errorf("start temporal: %w", err)
	}
	t := &Temporal{server: server, frontend: net.JoinHostPort(dialIP, strconv.Itoa(o.FrontendPort)), stopping: stopping}

	ctx, cancel := context.WithTimeout(ctx, readyTimeout)
	defer cancel()
	if err := waitNamespaces(ctx, t.frontend, o.Namespaces); err != nil {
		return nil, errors.Join(fmt.Errorf("start temporal: %w", err), t.Stop())
	}
	if o.UIPort != 0 {
		if err := t.startUI(ctx, o.IP, dialIP, o.UIPort, o.Namespaces[0]); err != nil {
			return nil, errors.Join(fmt.Errorf("start temporal: %w", err), t.Stop())
		}
	}
	return t, nil
}

// FrontendHostPort returns the gRPC address clients dial, e.g. "127.0.0.1:7233".
func (t *Temporal) FrontendHostPort() string { return t.frontend }

// UIAddress returns the Web UI base URL, e.g. "http://127.0.0.1:8233", or ""
// when the UI is disabled.
func (t *Temporal) UIAddress() string { return t.uiAddr }

// Stop shuts down the Web UI and the server. It is safe to call more than once.
func (t *Temporal) Stop() error {
	t.stopOnce.Do(func() {
		t.stopping.Store(true)
		if t.ui != nil {
			t.ui.Stop()
			<-t.uiDone
		}
		if err := t.server.Stop(); err != nil {
			t.stopErr = fmt.Errorf("stop temporal: %w", err)
		}
	})
	return t.stopErr
}

// prepareDatabase returns the SQLite persistence config, creating the schema
// when the database file does not exist yet and registering missing namespaces.
// namespaceRetention is how long closed workflow runs stay visible.
const namespaceRetention = 30 * 24 * time.Hour

func prepareDatabase(file string, namespaces []string) (*config.SQL, error) {
	conf := &config.SQL{PluginName: sqliteplugin.PluginName}
	if file == "" {
		// The plugin creates the schema itself for in-memory databases. The
		// name must be unique per server because connections are pooled per DSN.
		conf.DatabaseName = "temporal-" + strconv.FormatUint(rand.Uint64(), 36)
		conf.ConnectAttributes = map[string]string{"mode": "memory", "cache": "shared"}
	} else {
		conf.DatabaseName = file
		conf.ConnectAttributes = map[string]string{
			"mode":         "rwc",
			"journal_mode": "wal",
			"busy_timeout": "10000",
		}
		if _, err := os.Stat(file); errors.Is(err, os.ErrNotExist) {
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				return nil, fmt.Errorf("create database dir: %w", err)
			}
			if err := sqliteschema.SetupSchema(conf); err != nil {
				return nil, fmt.Errorf("create schema: %w", err)
			}
		} else if err != nil {
			return nil, fmt.Errorf("stat database: %w", err)
		}
	}
	nsConfs := make([]*sqliteschema.NamespaceConfig, 0, len(namespaces))
	for _, ns := range namespaces {
		nc, err := sqliteschema.NewNamespaceConfig(clusterName, ns, false, nil)
		if err != nil {
			return nil, fmt.Errorf("namespace %q: %w", ns, err)
		}
		// The helper's default keeps closed runs a day; a local product keeps its
		// history in the Web UI for a month.
		nc.Detail.Config.Retention = durationpb.New(namespaceRetention)
		nsConfs = append(nsConfs, nc)
	}
	if err := sqliteschema.CreateNamespaces(conf, nsConfs...); err != nil {
		return nil, fmt.Errorf("create namespaces: %w", err)
	}
	return conf, nil
}

// internalServices are the Temporal services other than the frontend.
var internalServices = []primitives.ServiceName{primitives.HistoryService, primitives.MatchingService, primitives.WorkerService}

// serverConfig builds a single-node server config: the frontend listens on
// o.IP:o.FrontendPort, internalServices[i] on loopback port internalPorts[i].
func serverConfig(o TemporalOptions, dialIP string, internalPorts []int, sqlConf *config.SQL) (*config.Config, map[primitives.ServiceName]static.Hosts) {
	frontend := net.JoinHostPort(dialIP, strconv.Itoa(o.FrontendPort))
	conf := &config.Config{}
	conf.Global.Membership.MaxJoinDuration = 30 * time.Second
	conf.Global.Membership.BroadcastAddress = "127.0.0.1"
	conf.Persistence.DefaultStore = "sqlite"
	conf.Persistence.VisibilityStore = "sqlite"
	conf.Persistence.NumHistoryShards = 1
	conf.Persistence.DataStores = map[string]config.DataStore{"sqlite": {SQL: sqlConf}}
	conf.ClusterMetadata = &cluster.Config{
		FailoverVersionIncrement: 10,
		MasterClusterName:        clusterName,
		CurrentClusterName:       clusterName,
		ClusterInformation: map[string]cluster.ClusterInformation{clusterName: {
			Enabled:                true,
			InitialFailoverVersion: 1,
			RPCAddress:             frontend,
		}},
	}
	conf.DCRedirectionPolicy.Policy = "noop"
	conf.Archival.History.State = "disabled"
	conf.Archival.Visibility.State = "disabled"
	conf.NamespaceDefaults.Archival.History.State = "disabled"
	conf.NamespaceDefaults.Archival.Visibility.State = "disabled"
	conf.PublicClient.HostPort = frontend

	conf.Services = map[string]config.Service{
		string(primitives.FrontendService): {RPC: config.RPC{GRPCPort: o.FrontendPort, BindOnIP: o.IP}},
	}
	hosts := map[primitives.ServiceName]static.Hosts{
		primitives.FrontendService: static.SingleLocalHost(frontend),
	}
	for i, svc := range internalServices {
		port := internalPorts[i]
		conf.Services[string(svc)] = config.Service{RPC: config.RPC{GRPCPort: port, BindOnIP: "127.0.0.1"}}
		hosts[svc] = static.SingleLocalHost(net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	}
	return conf, hosts
}

// waitNamespaces polls the frontend until every namespace can be described.
func waitNamespaces(ctx context.Context, hostPort string, namespaces []string) error {
	c, err := client.NewLazyClient(client.Options{HostPort: hostPort, Logger: sdklog.NewStructuredLogger(slog.New(slog.DiscardHandler))})
	if err != nil {
		return fmt.Errorf("frontend client: %w", err)
	}
	defer c.Close()
	for _, ns := range namespaces {
		for {
			_, err := c.WorkflowService().DescribeNamespace(ctx, &workflowservice.DescribeNamespaceRequest{Namespace: ns})
			if err == nil {
				break
			}
			select {
			case <-ctx.Done():
				return fmt.Errorf("namespace %q not ready: %w", ns, errors.Join(ctx.Err(), err))
			case <-time.After(20 * time.Millisecond):
			}
		}
	}
	return nil
}

// startUI serves the Temporal Web UI on ip:port and waits until it answers.
func (t *Temporal) startUI(ctx context.Context, ip, dialIP string, port int, namespace string) error {
	addr := net.JoinHostPort(ip, strconv.Itoa(port))
	// The UI server exits the process when it cannot listen, so fail early
	// here if the port is taken.
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("ui port: %w", err)
	}
	if err := ln.Close(); err != nil {
		return fmt.Errorf("ui port: %w", err)
	}
	host := ip // the UI server formats "host:port" itself
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	t.ui = uiserver.NewServer(uioptions.WithConfigProvider(&uiconfig.Config{
		Host:                host,
		Port:                port,
		TemporalGRPCAddress: t.frontend,
		EnableUI:            true,
		CORS:                uiconfig.CORS{CookieInsecure: true},
		HideLogs:            true,
		DisableNewsFetch:    true,
		DefaultNamespace:    namespace,
	}))
	t.uiDone = make(chan struct{})
	go func() {
		defer close(t.uiDone)
		_ = t.ui.Start() // returns nil once Stop closes it
	}()
	t.uiAddr = "http://" + net.JoinHostPort(dialIP, strconv.Itoa(port))
	for {
		resp, err := http.Get(t.uiAddr + "/healthz")
		if err == nil {
			_ = resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("ui not ready: %w", ctx.Err())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// errorLogger adapts slog to the Temporal server logger, keeping only errors.
// Panic and Fatal are logged as errors: an embedded server must not end the
// host process. Once stopping is set, errors (mostly canceled requests) are
// logged at debug level.
type errorLogger struct {
	log      *slog.Logger
	stopping *atomic.Bool
}

func (errorLogger) Debug(string, ...tag.Tag)             {}
func (errorLogger) Info(string, ...tag.Tag)              {}
func (errorLogger) Warn(string, ...tag.Tag)              {}
func (l errorLogger) Error(msg string, tags ...tag.Tag)  { l.write(msg, tags) }
func (l errorLogger) DPanic(msg string, tags ...tag.Tag) { l.write(msg, tags) }
func (l errorLogger) Panic(msg string, tags ...tag.Tag)  { l.write(msg, tags) }
func (l errorLogger) Fatal(msg string, tags ...tag.Tag)  { l.write(msg, tags) }

func (l errorLogger) write(msg string, tags []tag.Tag) {
	attrs := make([]slog.Attr, 0, len(tags)+1)
	attrs = append(attrs, slog.String("component", "temporal"))
	for _, t := range tags {
		attrs = append(attrs, slog.Any(t.Key(), t.Value()))
	}
	level := slog.LevelError
	if l.stopping.Load() {
		level = slog.LevelDebug
	}
	l.log.LogAttrs(context.Background(), level, msg, attrs...)
}
