package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"cgbots/tools/bundle"
	"cgbots/tools/internal/atomicfile"
)

func init() {
	registerCommand(command{
		name:    "bundle",
		summary: "one CodinGame file per bot: bundle [-o FILE] [-keep-comments] PKGDIR | bundle -all -o DIR | bundle -list",
		run:     runBundle,
	})
}

func runBundle(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bundle", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "output file (with -all: output folder); default stdout")
	all := fs.Bool("all", false, "bundle every bot of the repository (<game>/cmd/<game>-<bot>/) into -o DIR")
	list := fs.Bool("list", false, "list the bots and their bundle file names")
	keep := fs.Bool("keep-comments", false, "keep the comments of kept declarations")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: cgbots bundle [-o FILE] [-keep-comments] PKGDIR\n       cgbots bundle -all -o DIR [-keep-comments]\n       cgbots bundle -list")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	opt := bundle.Options{KeepComments: *keep}
	switch {
	case *list:
		if *all || *out != "" || fs.NArg() > 0 {
			return errors.New("-list takes no other arguments")
		}
		bots, _, err := repoBots()
		if err != nil {
			return err
		}
		for _, b := range bots {
			fmt.Fprintf(stdout, "%s\t%s\n", b.Dir, b.Name)
		}
		return nil
	case *all:
		if *out == "" || fs.NArg() > 0 {
			return errors.New("-all needs -o DIR and no package folder")
		}
		return bundleAll(*out, opt, stderr)
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errUsage
	}
	src, err := bundle.Bundle(fs.Arg(0), opt)
	if err != nil {
		return err
	}
	if *out == "" {
		_, err = stdout.Write(src)
	} else {
		err = atomicfile.Write(*out, src, 0o644)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "%d/%d chars\n", bundle.Chars(src), bundle.MaxChars)
	return nil
}

// repoBots lists the bots of the module holding the current folder.
func repoBots() ([]bundle.Bot, string, error) {
	root, err := bundle.ModuleRoot(".")
	if err != nil {
		return nil, "", err
	}
	bots, err := bundle.FindBots(root)
	return bots, root, err
}

// bundleAll bundles every bot, going on past failures, and fails if any did.
func bundleAll(dir string, opt bundle.Options, stderr io.Writer) error {
	bots, root, err := repoBots()
	if err != nil {
		return err
	}
	if len(bots) == 0 {
		fmt.Fprintln(stderr, "no bots found (<game>/cmd/<game>-<bot>/)")
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	failed := 0
	for _, b := range bots {
		src, err := bundle.Bundle(filepath.Join(root, filepath.FromSlash(b.Dir)), opt)
		if err == nil {
			err = atomicfile.Write(filepath.Join(dir, b.Name), src, 0o644)
		}
		if err != nil {
			failed++
			fmt.Fprintf(stderr, "%s: FAILED: %v\n", b.Name, err)
			continue
		}
		fmt.Fprintf(stderr, "%s: %d/%d chars\n", b.Name, bundle.Chars(src), bundle.MaxChars)
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d bots failed", failed, len(bots))
	}
	return nil
}
