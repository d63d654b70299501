package server

import (
	"errors"
	"strings"

	"github.com/gridgames/gridgames/othello"
	"github.com/gridgames/gridgames/othello/session"
)

// The Othello page's import: one field that takes any of the forms the page
// exports (board text, a transcript, a GGF record), and what NBoard and Edax
// write, read here so the page never guesses.

// maxImportRecord bounds the import field, in bytes: a GGF record with an eval
// and a time on every move, and the tags NBoard writes, is a couple of kilobytes.
const maxImportRecord = 8 << 10

// Import kinds, as error messages name them.
const (
	importGGF        = "a GGF record"
	importTranscript = "a transcript"
	importBoard      = "board text"
)

// importOthello starts a session from text in any of the forms the page exports,
// told apart by its first character (after space):
//
//   - '(': a GGF record (othello.ParseGGF): its start position and its moves;
//   - a letter a to h: a transcript ("f5d6c3", passes implicit, space allowed)
//     from the start position of size (0 means 8);
//   - anything else: board text (othello.ParsePosition: the squares row by row,
//     space and line breaks allowed, then the side to move), optionally followed
//     by a transcript from it, which begins at the first letter a to h or p (pa,
//     pass).
//
// size applies to a transcript alone: board text and GGF records carry their own.
// black and white are the seats. An error is a 400 that says what text was read
// as, why, and what in it could not be read (the character, the move).
func importOthello(text string, size int, black, white session.Seat) (*session.Session, error) {
	t := strings.TrimSpace(text)
	if t == "" {
		return nil, errorf(CodeBadRequest, "import: nothing to read; paste a transcript (f5d6c3), board text or a GGF record")
	}
	kind, why := importBoard, "it starts with neither '(' nor a square name"
	cfg := session.Config{Black: black, White: white}
	switch c := lower(t[0]); {
	case c == '(':
		kind, why = importGGF, "it starts with '('"
		rec, err := othello.ParseGGF(t)
		if err != nil {
			return nil, importError(kind, why, err)
		}
		squares := make([]othello.Square, len(rec.Moves))
		for i, m := range rec.Moves {
			squares[i] = m.Square
		}
		cfg.Start, cfg.Transcript = rec.Start.String(), othello.Transcript(squares)
	case c >= 'a' && c <= 'h':
		kind, why = importTranscript, "it starts with a square name"
		cfg.Size, cfg.Transcript = size, strings.Join(strings.Fields(t), "")
	default:
		board, moves := t, ""
		if i := strings.IndexFunc(t, startsMoves); i >= 0 {
			board, moves = t[:i], t[i:]
		}
		pos, err := othello.ParsePosition(board)
		if err != nil {
			return nil, importError(kind, why, err)
		}
		cfg.Start, cfg.Transcript = pos.String(), strings.Join(strings.Fields(moves), "")
	}
	ses, err := session.New(cfg)
	if err != nil {
		return nil, importError(kind, why, err)
	}
	return ses, nil
}

// importError is a 400 naming what the import was read as, why, and the problem.
func importError(kind, why string, err error) error {
	var ae *apiError
	if errors.As(err, &ae) {
		return err
	}
	return errorf(CodeBadRequest, "import: read as %s (%s): %s", kind, why, readable(err))
}

// startsMoves reports whether r begins the transcript after board text: a
// square's column or a pass, never a disc or an empty square.
func startsMoves(r rune) bool {
	if r >= 128 {
		return false
	}
	c := lower(byte(r))
	return c >= 'a' && c <= 'h' || c == 'p'
}

// lower is c in lower case, for ASCII letters.
func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// checkImport refuses an import sent beside the fields it takes the place of, or
// one too long to be a game.
func checkImport(req createOthelloRequest) error {
	switch {
	case req.Import == nil:
		return nil
	case req.Board != "" || req.Transcript != "":
		return errorf(CodeBadRequest, "import takes the place of board and transcript: send import alone")
	case len(*req.Import) > maxImportRecord:
		return errorf(CodeBadRequest, "import: %d bytes; a game is at most %d", len(*req.Import), maxImportRecord)
	}
	return nil
}
