package exact

import "fmt"

// Error is an error of this package about what it was asked: its Kind is
// ErrTooBig, ErrConfig, ErrNoTable or ErrBoard (errors.Is finds it) and Detail
// says what in particular. Its text is Kind's, a colon and Detail, so a caller
// that names the input itself (a command's flag, a record) shows Detail alone.
type Error struct {
	Kind   error
	Detail string
}

func (e *Error) Error() string { return e.Kind.Error() + ": " + e.Detail }

// Unwrap returns Kind.
func (e *Error) Unwrap() error { return e.Kind }

// refuse is an Error of kind with the detail formatted.
func refuse(kind error, format string, args ...any) error {
	return &Error{Kind: kind, Detail: fmt.Sprintf(format, args...)}
}
