package api

import (
	_ "embed"
	"net/http"

	"github.com/gin-gonic/gin"
)

// openAPIDoc is the OpenAPI 3 description of the API; TestOpenAPIMatchesRoutes keeps it
// true to the router and the request types.
//
//go:embed openapi.json
var openAPIDoc []byte

func (s *Server) openAPI(c *gin.Context) {
	c.Data(http.StatusOK, "application/json", openAPIDoc)
}
