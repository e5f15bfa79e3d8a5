// Package blob stores objects in an S3-compatible bucket through
// aws-sdk-go-v2: AWS S3 itself, or the embedded server in production and tests.
package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"
	smithyhttp "github.com/aws/smithy-go/transport/http"
)

// ErrNotFound is returned (wrapped) when a key or the bucket does not exist.
var ErrNotFound = errors.New("blob: not found")

// defaultPresignTTL is used when Config.PresignTTL is zero.
const defaultPresignTTL = 15 * time.Minute

// maxPresignTTL is the longest validity S3 accepts for a SigV4 presigned URL.
const maxPresignTTL = 7 * 24 * time.Hour

// Config configures a Store.
type Config struct {
	Endpoint string // e.g. "http://127.0.0.1:9000"; empty = AWS S3
	// PublicEndpoint is where browsers reach the store, for presigned URLs, when it is
	// not Endpoint (a store on a private network name, such as http://minio:9000);
	// empty = Endpoint.
	PublicEndpoint  string
	Region          string        // required, e.g. "us-east-1"
	Bucket          string        // required
	AccessKeyID     string        // with SecretAccessKey: static credentials; both empty = AWS default chain
	SecretAccessKey string        // see AccessKeyID
	UsePathStyle    bool          // http://host/bucket/key instead of http://bucket.host/key
	PresignTTL      time.Duration // default validity of presigned URLs; 0 = 15 minutes
}

// ObjectInfo describes a stored object.
type ObjectInfo struct {
	Key          string
	Size         int64
	ContentType  string
	ETag         string // as returned by S3, quotes removed
	LastModified time.Time
}

// Store reads and writes objects of one bucket.
type Store struct {
	client  *s3.Client
	presign *s3.PresignClient
	bucket  string
	region  string
	ttl     time.Duration
}

// New validates c and builds a Store. It does not contact the server; use
// Ping or EnsureBucket for that.
func New(ctx context.Context, c Config) (*Store, error) {
	if err := c.validate(); err != nil {
		return nil, fmt.Errorf("blob config: %w", err)
	}
	opts := []func(*config.LoadOptions) error{
		config.WithRegion(c.Region),
		// Only send and check checksums where S3 requires them: presigned URLs
		// then carry no checksum parameters a browser upload cannot satisfy.
		config.WithRequestChecksumCalculation(aws.RequestChecksumCalculationWhenRequired),
		config.WithResponseChecksumValidation(aws.ResponseChecksumValidationWhenRequired),
	}
	if c.AccessKeyID != "" {
		opts = append(opts, config.WithCredentialsProvider(
			credentials.NewStaticCredentialsProvider(c.AccessKeyID, c.SecretAccessKey, "")))
	}
	awsConf, err := config.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return nil, fmt.Errorf("blob config: %w", err)
	}
	client := s3.NewFromConfig(awsConf, func(o *s3.Options) {
		if c.Endpoint != "" {
			o.BaseEndpoint = aws.String(c.Endpoint)
		}
		o.UsePathStyle = c.UsePathStyle
	})
	ttl := c.PresignTTL
	if ttl == 0 {
		ttl = defaultPresignTTL
	}
	presign := s3.NewPresignClient(client, func(o *s3.PresignOptions) {
		if c.PublicEndpoint != "" {
			o.ClientOptions = append(o.ClientOptions, func(o *s3.Options) { o.BaseEndpoint = aws.String(c.PublicEndpoint) })
		}
	})
	return &Store{client: client, presign: presign, bucket: c.Bucket, region: c.Region, ttl: ttl}, nil
}

func (c Config) validate() error {
	switch {
	case c.Bucket == "":
		return errors.New("bucket is required")
	case c.Region == "":
		return errors.New("region is required")
	case (c.AccessKeyID == "") != (c.SecretAccessKey == ""):
		return errors.New("access key id and secret access key must be set together")
	case c.PresignTTL < 0 || c.PresignTTL > maxPresignTTL:
		return fmt.Errorf("presign ttl %s out of range (0, %s]", c.PresignTTL, maxPresignTTL)
	}
	for name, e := range map[string]string{"endpoint": c.Endpoint, "public endpoint": c.PublicEndpoint} {
		if e == "" {
			continue
		}
		u, err := url.Parse(e)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("%s %q: want http(s)://host[:port]", name, e)
		}
	}
	return nil
}

// Ping checks that the bucket is reachable with the configured credentials.
func (s *Store) Ping(ctx context.Context) error {
	if _, err := s.client.HeadBucket(ctx, &s3.HeadBucketInput{Bucket: &s.bucket}); err != nil {
		return fmt.Errorf("blob ping %s: %w", s.bucket, mapErr(err))
	}
	return nil
}

// EnsureBucket creates the bucket unless it already exists.
func (s *Store) EnsureBucket(ctx context.Context) error {
	err := s.Ping(ctx)
	if !errors.Is(err, ErrNotFound) {
		return err
	}
	in := &s3.CreateBucketInput{Bucket: &s.bucket}
	if s.region != "us-east-1" {
		in.CreateBucketConfiguration = &types.CreateBucketConfiguration{
			LocationConstraint: types.BucketLocationConstraint(s.region),
		}
	}
	if _, err := s.client.CreateBucket(ctx, in); err != nil {
		var owned *types.BucketAlreadyOwnedByYou
		if errors.As(err, &owned) {
			return nil
		}
		return fmt.Errorf("blob create bucket %s: %w", s.bucket, err)
	}
	return nil
}

// Put stores size bytes read from r under key. The body is streamed as an
// unsigned payload, so r need not be seekable.
func (s *Store) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if size < 0 {
		return fmt.Errorf("blob put %s: negative size %d", key, size)
	}
	in := &s3.PutObjectInput{
		Bucket:        &s.bucket,
		Key:           &key,
		Body:          r,
		ContentLength: aws.Int64(size),
	}
	if contentType != "" {
		in.ContentType = &contentType
	}
	if _, err := s.client.PutObject(ctx, in, s3.WithAPIOptions(v4.SwapComputePayloadSHA256ForUnsignedPayloadMiddleware)); err != nil {
		return fmt.Errorf("blob put %s: %w", key, mapErr(err))
	}
	return nil
}

// Get opens the object at key. The caller must close the returned reader.
func (s *Store) Get(ctx context.Context, key string) (io.ReadCloser, ObjectInfo, error) {
	out, err := s.client.GetObject(ctx, &s3.GetObjectInput{Bucket: &s.bucket, Key: &key})
	if err != nil {
		return nil, ObjectInfo{}, fmt.Errorf("blob get %s: %w", key, mapErr(err))
	}
	return out.Body, objectInfo(key, out.ContentLength, out.ContentType, out.ETag, out.LastModified), nil
}

// Head returns the metadata of the object at key.
func (s *Store) Head(ctx context.Context, key string) (ObjectInfo, error) {
	out, err := s.client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: &s.bucket, Key: &key})
	if err != nil {
		return ObjectInfo{}, fmt.Errorf("blob head %s: %w", key, mapErr(err))
	}
	return objectInfo(key, out.ContentLength, out.ContentType, out.ETag, out.LastModified), nil
}

// Delete removes the object at key; deleting a missing key succeeds.
func (s *Store) Delete(ctx context.Context, key string) error {
	if _, err := s.client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: &s.bucket, Key: &key}); err != nil {
		return fmt.Errorf("blob delete %s: %w", key, mapErr(err))
	}
	return nil
}

// List calls fn with every object whose key starts with prefix, in key order, a page
// of S3's listing at a time. The objects' ContentType is not listed and stays empty.
func (s *Store) List(ctx context.Context, prefix string, fn func(ObjectInfo) error) error {
	pages := s3.NewListObjectsV2Paginator(s.client, &s3.ListObjectsV2Input{Bucket: &s.bucket, Prefix: &prefix})
	for pages.HasMorePages() {
		page, err := pages.NextPage(ctx)
		if err != nil {
			return fmt.Errorf("blob list %s: %w", prefix, mapErr(err))
		}
		for _, o := range page.Contents {
			if err := fn(objectInfo(aws.ToString(o.Key), o.Size, nil, o.ETag, o.LastModified)); err != nil {
				return err
			}
		}
	}
	return nil
}

// Copy copies the object at src to dst within the bucket, keeping its
// metadata and content type.
func (s *Store) Copy(ctx context.Context, src, dst string) error {
	in := &s3.CopyObjectInput{
		Bucket:     &s.bucket,
		Key:        &dst,
		CopySource: aws.String(escapePath(s.bucket + "/" + src)),
	}
	if _, err := s.client.CopyObject(ctx, in); err != nil {
		return fmt.Errorf("blob copy %s to %s: %w", src, dst, mapErr(err))
	}
	return nil
}

// PresignPut returns a URL that accepts one HTTP PUT of the object at key
// until ttl elapses (0 = the configured PresignTTL). The request must carry
// the same Content-Type header when contentType is not empty.
func (s *Store) PresignPut(ctx context.Context, key, contentType string, ttl time.Duration) (string, error) {
	in := &s3.PutObjectInput{Bucket: &s.bucket, Key: &key}
	if contentType != "" {
		in.ContentType = &contentType
	}
	req, err := s.presign.PresignPutObject(ctx, in, s3.WithPresignExpires(s.presignTTL(ttl)))
	if err != nil {
		return "", fmt.Errorf("blob presign put %s: %w", key, err)
	}
	return req.URL, nil
}

// PresignGet returns a URL that serves the object at key to HTTP GET until
// ttl elapses (0 = the configured PresignTTL).
func (s *Store) PresignGet(ctx context.Context, key string, ttl time.Duration) (string, error) {
	req, err := s.presign.PresignGetObject(ctx, &s3.GetObjectInput{Bucket: &s.bucket, Key: &key},
		s3.WithPresignExpires(s.presignTTL(ttl)))
	if err != nil {
		return "", fmt.Errorf("blob presign get %s: %w", key, err)
	}
	return req.URL, nil
}

// PresignDownload is PresignGet for a file to save: the response says
// "attachment" with filename, so browsers download it even from another origin.
func (s *Store) PresignDownload(ctx context.Context, key, filename string, ttl time.Duration) (string, error) {
	disposition := mime.FormatMediaType("attachment", map[string]string{"filename": filename})
	req, err := s.presign.PresignGetObject(ctx, &s3.GetObjectInput{Bucket: &s.bucket, Key: &key, ResponseContentDisposition: &disposition},
		s3.WithPresignExpires(s.presignTTL(ttl)))
	if err != nil {
		return "", fmt.Errorf("blob presign download %s: %w", key, err)
	}
	return req.URL, nil
}

func (s *Store) presignTTL(ttl time.Duration) time.Duration {
	if ttl <= 0 {
		return s.ttl
	}
	return min(ttl, maxPresignTTL)
}

func objectInfo(key string, size *int64, contentType, etag *string, modified *time.Time) ObjectInfo {
	return ObjectInfo{
		Key:          key,
		Size:         aws.ToInt64(size),
		ContentType:  aws.ToString(contentType),
		ETag:         strings.Trim(aws.ToString(etag), `"`),
		LastModified: aws.ToTime(modified),
	}
}

// mapErr wraps S3 "no such key/bucket" answers (HeadObject and HeadBucket
// only get a bare 404) with ErrNotFound, keeping the original error.
func mapErr(err error) error {
	var apiErr smithy.APIError
	if errors.As(err, &apiErr) {
		switch apiErr.ErrorCode() {
		case "NoSuchKey", "NotFound", "NoSuchBucket":
			return fmt.Errorf("%w: %w", ErrNotFound, err)
		}
	}
	var respErr *smithyhttp.ResponseError
	if errors.As(err, &respErr) && respErr.HTTPStatusCode() == http.StatusNotFound {
		return fmt.Errorf("%w: %w", ErrNotFound, err)
	}
	return err
}

// escapePath URL-encodes each segment of p for the x-amz-copy-source header,
// including "+" which S3 would otherwise decode as a space.
func escapePath(p string) string {
	segs := strings.Split(p, "/")
	for i, seg := range segs {
		segs[i] = strings.ReplaceAll(url.PathEscape(seg), "+", "%2B")
	}
	return strings.Join(segs, "/")
}
