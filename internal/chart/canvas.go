package chart

import (
	"bufio"
	"fmt"
	"html"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// canvas is what a panel draws on: filled rectangles with an outline, lines and
// text, in picture coordinates (y downwards).
type canvas interface {
	rect(x0, y0, x1, y1 float64, fill color.RGBA)
	line(x0, y0, x1, y1 float64)
	// text writes s with its baseline at y, starting at x, centred on it or
	// ending at it (anchor); bold for titles.
	text(x, y float64, s string, anchor int, bold bool)
	writeTo(w io.Writer) error
}

// Text anchors.
const (
	anchorStart = iota
	anchorMiddle
	anchorEnd
)

// The colours: black ink, dark bars for counts, grey bins for histograms.
var (
	ink     = color.RGBA{0, 0, 0, 255}
	fillBar = color.RGBA{0x33, 0x33, 0x33, 255}
	fillBin = color.RGBA{0x99, 0x99, 0x99, 255}
)

// svgCanvas collects SVG elements as text.
type svgCanvas struct {
	w, h  int
	elems []string
}

func newSVG(w, h int) *svgCanvas { return &svgCanvas{w: w, h: h} }

func (c *svgCanvas) rect(x0, y0, x1, y1 float64, fill color.RGBA) {
	c.elems = append(c.elems, fmt.Sprintf(
		`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#%02x%02x%02x" stroke="black" stroke-width="1"/>`,
		x0, y0, x1-x0, y1-y0, fill.R, fill.G, fill.B))
}

func (c *svgCanvas) line(x0, y0, x1, y1 float64) {
	c.elems = append(c.elems, fmt.Sprintf(
		`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="black" stroke-width="1"/>`, x0, y0, x1, y1))
}

func (c *svgCanvas) text(x, y float64, s string, anchor int, bold bool) {
	if s == "" {
		return
	}
	weight := ""
	if bold {
		weight = ` font-weight="bold"`
	}
	c.elems = append(c.elems, fmt.Sprintf(`<text x="%.1f" y="%.1f" text-anchor="%s"%s>%s</text>`,
		x, y, [...]string{"start", "middle", "end"}[anchor], weight, html.EscapeString(s)))
}

func (c *svgCanvas) writeTo(w io.Writer) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="13">`+"\n",
		c.w, c.h, c.w, c.h)
	fmt.Fprintf(b, `<rect width="%d" height="%d" fill="white"/>`+"\n", c.w, c.h)
	for _, e := range c.elems {
		b.WriteString(e)
		b.WriteByte('\n')
	}
	b.WriteString("</svg>\n")
	return b.Flush()
}

// pngCanvas draws on an RGBA image with a 7x13 bitmap font.
type pngCanvas struct{ img *image.RGBA }

func newPNG(w, h int) *pngCanvas {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	return &pngCanvas{img: img}
}

func px(v float64) int { return int(math.Round(v)) }

func (c *pngCanvas) rect(x0, y0, x1, y1 float64, fill color.RGBA) {
	r := image.Rect(px(x0), px(y0), px(x1), px(y1))
	draw.Draw(c.img, r, image.NewUniform(fill), image.Point{}, draw.Src)
	c.line(x0, y0, x1, y0)
	c.line(x0, y1, x1, y1)
	c.line(x0, y0, x0, y1)
	c.line(x1, y0, x1, y1)
}

// line draws a horizontal or vertical line one pixel wide (all the charts need).
func (c *pngCanvas) line(x0, y0, x1, y1 float64) {
	ax, ay, bx, by := px(x0), px(y0), px(x1), px(y1)
	for x := min(ax, bx); x <= max(ax, bx); x++ {
		for y := min(ay, by); y <= max(ay, by); y++ {
			c.img.SetRGBA(x, y, ink)
		}
	}
}

func (c *pngCanvas) text(x, y float64, s string, anchor int, bold bool) {
	d := font.Drawer{Dst: c.img, Src: image.NewUniform(ink), Face: basicfont.Face7x13}
	width := d.MeasureString(s).Round()
	start := px(x) - width*anchor/2
	for i := range 1 + boolInt(bold) { // bold: drawn twice, one pixel apart
		d.Dot = fixed.P(start+i, px(y))
		d.DrawString(s)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (c *pngCanvas) writeTo(w io.Writer) error { return png.Encode(w, c.img) }
