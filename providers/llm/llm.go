// Package llm talks to large language models. Provider is one completion call; OpenAI
// is the adapter for any server with OpenAI's chat-completions API (OpenAI and other
// hosted APIs, Ollama, vLLM, llama.cpp). Scripts writes, restyles and summarises
// video scripts through a Provider; Local does the same offline with the rule-based
// writer of package domain, the honest default when no model is configured.
package llm

import (
	"context"
	"errors"
)

var (
	// ErrUnavailable means the model could not be reached or is overloaded (network
	// errors, timeouts, 429, 5xx): try again later.
	ErrUnavailable = errors.New("llm provider unavailable")
	// ErrRejected means the provider refused the request (bad key, unknown model, a
	// request it will not serve): retrying will not help.
	ErrRejected = errors.New("llm request rejected")
	// ErrMalformed means the provider answered with something that is not a usable
	// answer (not the API's JSON, no text, not the JSON asked for).
	ErrMalformed = errors.New("llm answer malformed")
)

// Request is one completion: a system message, the user's prompt and limits.
type Request struct {
	System string
	Prompt string
	// MaxTokens bounds the answer; 0 leaves it to the server.
	MaxTokens int
	// Temperature is the sampling temperature; 0 is the most deterministic.
	Temperature float64
	// JSON asks for a JSON object (the API's JSON mode); the prompt must say which.
	JSON bool
}

// Provider completes prompts.
type Provider interface {
	// Complete returns the model's answer text. Errors wrap ErrUnavailable,
	// ErrRejected or ErrMalformed.
	Complete(ctx context.Context, req Request) (string, error)
}
