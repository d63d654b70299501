package hugepages

import (
	"syscall"
	"unsafe"
)

// Advise asks the kernel to back s with huge pages where it can (on Linux
// with transparent huge pages in "madvise" mode they are otherwise not used). The
// 6-tuple network's lookups land anywhere in 128 MiB; with 2 MiB pages instead of
// 4 KiB ones they miss the TLB far less, and a search runs about 1.5 times faster.
// It is advice: an error is ignored.
func Advise[T any](s []T) {
	if len(s) == 0 {
		return
	}
	var zero T
	b := unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), uintptr(len(s))*unsafe.Sizeof(zero))
	_ = syscall.Madvise(b, madvHugePage)
}

// madvHugePage is MADV_HUGEPAGE (the syscall package does not name it).
const madvHugePage = 14
