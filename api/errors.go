package api

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"pagecast/domain"
	"pagecast/models"
)

// Error is an error with its HTTP answer. Handlers return it (or a wrapped sentinel
// from models) and errorMiddleware writes it; nothing else writes error bodies.
type Error struct {
	Status  int
	Code    string
	Message string
	Fields  []domain.FieldError
	// RetryAfter, when set, is sent as the Retry-After header.
	RetryAfter time.Duration
}

func (e *Error) Error() string { return fmt.Sprintf("%d %s: %s", e.Status, e.Code, e.Message) }

// errorBody is the wire shape of every error.
type errorBody struct {
	Error errorDetail `json:"error"`
}

type errorDetail struct {
	Code    string              `json:"code"`
	Message string              `json:"message"`
	Fields  []domain.FieldError `json:"fields,omitempty"`
}

// Common errors.
var (
	errMalformedJSON   = &Error{Status: http.StatusBadRequest, Code: "malformed_json", Message: "The request body is not valid JSON."}
	errUnauthenticated = &Error{Status: http.StatusUnauthorized, Code: "unauthenticated", Message: "Please sign in."}
	errCSRF            = &Error{Status: http.StatusForbidden, Code: "csrf_failed", Message: "Missing or invalid CSRF token. Reload the page and try again."}
	errNoRoute         = &Error{Status: http.StatusNotFound, Code: "route_not_found", Message: "No such endpoint."}
	errNoMethod        = &Error{Status: http.StatusMethodNotAllowed, Code: "method_not_allowed", Message: "This endpoint does not accept that method."}
	errInternal        = &Error{Status: http.StatusInternalServerError, Code: "internal", Message: "Something went wrong on our side. Please try again."}
)

// validation returns a 400 with field errors.
func validation(fields ...domain.FieldError) *Error {
	msg := "Please correct the highlighted fields."
	if len(fields) == 1 {
		msg = fields[0].Message
	}
	return &Error{Status: http.StatusBadRequest, Code: "validation_failed", Message: msg, Fields: fields}
}

// toAPIError maps any error to its HTTP answer.
func toAPIError(err error) *Error {
	var e *Error
	switch {
	case errors.As(err, &e):
		return e
	case errors.Is(err, models.ErrNotFound):
		return &Error{Status: http.StatusNotFound, Code: "not_found", Message: "Not found."}
	case errors.Is(err, models.ErrConflict):
		return &Error{Status: http.StatusConflict, Code: "conflict", Message: "This conflicts with existing data."}
	case errors.Is(err, models.ErrInvalidState):
		return &Error{Status: http.StatusConflict, Code: "invalid_state", Message: "This cannot be done in the current state."}
	case errors.Is(err, models.ErrUnauthenticated):
		return errUnauthenticated
	case errors.Is(err, models.ErrForbidden):
		return &Error{Status: http.StatusForbidden, Code: "forbidden", Message: "You are not allowed to do this."}
	default:
		return errInternal
	}
}

// errorMiddleware writes the last error a handler or middleware recorded, and turns
// panics into 500s. A 500 body never shows internals; the log has them.
func errorMiddleware(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		defer func() {
			if r := recover(); r != nil {
				log.ErrorContext(c.Request.Context(), "panic", "request_id", c.GetString(ctxRequestID), "panic", r)
				writeError(c, errInternal)
			}
		}()
		c.Next()
		if len(c.Errors) == 0 {
			return
		}
		err := c.Errors.Last().Err
		e := toAPIError(err)
		if e.Status >= 500 {
			log.ErrorContext(c.Request.Context(), "request failed", "request_id", c.GetString(ctxRequestID),
				"method", c.Request.Method, "path", c.Request.URL.Path, "err", err)
		}
		writeError(c, e)
	}
}

func writeError(c *gin.Context, e *Error) {
	if c.Writer.Written() {
		return
	}
	if e.RetryAfter > 0 {
		c.Header("Retry-After", strconv.Itoa(int(e.RetryAfter.Round(time.Second)/time.Second)))
	}
	c.AbortWithStatusJSON(e.Status, errorBody{Error: errorDetail{Code: e.Code, Message: e.Message, Fields: e.Fields}})
}

// handle adapts a handler that returns an error.
func handle(fn func(c *gin.Context) error) gin.HandlerFunc {
	return func(c *gin.Context) {
		if err := fn(c); err != nil {
			_ = c.Error(err)
			c.Abort()
		}
	}
}

// ok writes a success body.
func ok(c *gin.Context, status int, data any) error {
	c.JSON(status, gin.H{"data": data})
	return nil
}
