package cli

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/gridgames/gridgames/internal/server"
	"github.com/gridgames/gridgames/internal/store"
)

// serveFlags are the flags of serve, also accepted by the bare root command.
type serveFlags struct {
	addr    string
	db      string
	verbose bool
}

func (f *serveFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.addr, "addr", "localhost:8080", "address to listen on")
	cmd.Flags().StringVar(&f.db, "db", "", "SQLite database file (default: gridgames/gridgames.db in the user's data directory)")
	cmd.Flags().BoolVarP(&f.verbose, "verbose", "v", false, "log every request")
}

func newServeCommand() *cobra.Command {
	var f serveFlags
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the web app (the default command)",
		Long: `serve runs the gridgames web app: 2048 and Othello in the browser, games saved in
an SQLite database. Ctrl+C stops it gracefully.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runServe(cmd, f) },
	}
	f.register(cmd)
	return cmd
}

func runServe(cmd *cobra.Command, f serveFlags) error {
	level := slog.LevelInfo
	if f.verbose {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(cmd.ErrOrStderr(), &slog.HandlerOptions{Level: level}))
	path := f.db
	if path == "" {
		p, err := store.DefaultPath()
		if err != nil {
			return err
		}
		path = p
	}
	st, err := store.Open(path)
	if err != nil {
		return err
	}
	defer st.Close()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	srv := server.New(st, server.Options{Logger: log})
	err = srv.ListenAndServe(ctx, f.addr, func(a net.Addr) {
		log.Info("gridgames is serving", "url", "http://"+a.String(), "db", path)
	})
	if err != nil {
		return fmt.Errorf("serve on %s: %w", f.addr, err)
	}
	log.Info("stopped")
	return nil
}
