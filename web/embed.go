// Package web holds the browser app: plain HTML, CSS and ES modules, embedded in
// the binary and served by internal/server. There is no build step.
package web

import "embed"

// FS holds index.html, 2048.html, othello.html, favicon.svg, css/ and js/.
//
//go:embed index.html 2048.html othello.html favicon.svg css js
var FS embed.FS
