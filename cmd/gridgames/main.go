// Command gridgames plays and analyses 2048 and Othello: run it with no arguments
// for the web app, or see `gridgames help`.
package main

import (
	"os"

	"github.com/gridgames/gridgames/internal/cli"
)

func main() {
	os.Exit(cli.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
