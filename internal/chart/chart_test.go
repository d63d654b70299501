package chart

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestWholeTicks(t *testing.T) {
	t.Parallel()
	tests := []struct {
		top  float64
		want []float64
	}{
		{1, []float64{0, 1}},
		{4.5, []float64{0, 1, 2, 3, 4, 5}},
		{5, []float64{0, 1, 2, 3, 4, 5}},
		{6, []float64{0, 2, 4, 6}},
		{9, []float64{0, 2, 4, 6, 8, 10}},
		{11, []float64{0, 5, 10, 15}},
		{40, []float64{0, 10, 20, 30, 40}},
		{99, []float64{0, 20, 40, 60, 80, 100}},
		{130, []float64{0, 50, 100, 150}},
	}
	for _, tt := range tests {
		if got := WholeTicks(tt.top); !slices.Equal(got, tt.want) {
			t.Errorf("WholeTicks(%v) = %v, want %v", tt.top, got, tt.want)
		}
	}
}

func TestRoundTicks(t *testing.T) {
	t.Parallel()
	tests := []struct {
		lo, hi float64
		want   []float64
	}{
		{1380, 6920, []float64{2000, 3000, 4000, 5000, 6000}},
		{0, 10, []float64{0, 2, 4, 6, 8, 10}},
		{123004, 733400, []float64{200000, 300000, 400000, 500000, 600000, 700000}},
		{0.5, 0.9, []float64{0.5, 0.6, 0.7, 0.8, 0.9}},
		{3, 3, []float64{3}},
	}
	for _, tt := range tests {
		got := RoundTicks(tt.lo, tt.hi)
		if len(got) != len(tt.want) {
			t.Errorf("RoundTicks(%v, %v) = %v, want %v", tt.lo, tt.hi, got, tt.want)
			continue
		}
		for i := range got {
			if d := got[i] - tt.want[i]; d > 1e-9 || d < -1e-9 {
				t.Errorf("RoundTicks(%v, %v) = %v, want %v", tt.lo, tt.hi, got, tt.want)
				break
			}
		}
	}
}

// TestHistogramCounts checks every value lands in the one bin whose edges hold it
// (the last bin closed), against a plain count per bin.
func TestHistogramCounts(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		n, bins := r.IntN(50), 1+r.IntN(20)
		values := make([]float64, n)
		for i := range values {
			values[i] = float64(r.IntN(1000 + trial))
		}
		h := Histogram("t", "x", "y", values, bins)
		if len(h.Values) != bins || len(h.Edges) != bins+1 {
			t.Fatalf("%d bins: got %d counts, %d edges", bins, len(h.Values), len(h.Edges))
		}
		for b := range bins {
			want := 0.0
			for _, v := range values {
				last := b == bins-1
				if v >= h.Edges[b] && (v < h.Edges[b+1] || last && v <= h.Edges[b+1]) {
					want++
				}
			}
			if h.Values[b] != want {
				t.Fatalf("values %v, %d bins: bin %d [%v, %v] holds %v, want %v",
					values, bins, b, h.Edges[b], h.Edges[b+1], h.Values[b], want)
			}
		}
	}
}

func TestWriteSVG(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	bars := Bars("Max tile (3 games)", "games", []string{"128", "256"}, []float64{1, 2})
	hist := Histogram("Final score", "score", "games", []float64{10, 20, 30}, 4)
	if err := Write(&buf, "svg", 900, 340, bars, hist); err != nil {
		t.Fatal(err)
	}
	rects, texts := 0, []string{}
	d := xml.NewDecoder(&buf)
	inText := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed SVG: %v", err)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			inText = el.Name.Local == "text"
			if el.Name.Local == "rect" {
				rects++
			}
		case xml.CharData:
			if inText {
				texts = append(texts, string(el))
			}
		case xml.EndElement:
			inText = false
		}
	}
	// The background, two bars and four bins.
	if rects != 1+2+4 {
		t.Errorf("%d rects, want 7", rects)
	}
	for _, want := range []string{"Max tile (3 games)", "Final score", "score", "games", "128", "256"} {
		if !slices.Contains(texts, want) {
			t.Errorf("no text %q in %v", want, texts)
		}
	}
}

func TestWritePNG(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	if err := Write(&buf, "png", 400, 200, Bars("t", "n", []string{"a"}, []float64{3})); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 400 || b.Dy() != 200 {
		t.Fatalf("image %v, want 400x200", b)
	}
	// The bar is drawn: some pixel in the middle of the plotting area is dark.
	dark := false
	for y := 60; y < 150 && !dark; y++ {
		r, g, b, _ := img.At(220, y).RGBA()
		dark = r < 0x8000 && g < 0x8000 && b < 0x8000
	}
	if !dark {
		t.Error("no bar in the middle of the chart")
	}
}

func TestWriteErrors(t *testing.T) {
	t.Parallel()
	p := Bars("t", "n", []string{"a"}, []float64{1})
	tests := []struct {
		name, format string
		w, h         int
		want         string
	}{
		{"unknown format", "gif", 400, 300, `unknown format "gif"`},
		{"too narrow", "svg", 150, 300, "too small for 2 panels"},
		{"too low", "png", 400, 50, "too small"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Write(io.Discard, tt.format, tt.w, tt.h, p, p)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Write: %v, want an error containing %q", err, tt.want)
			}
		})
	}
}
