package engine

import (
	"syscall"
	"unsafe"
)

// hugePages asks Linux to back the table with 2 MiB pages where it can: the
// search probes it at random, and with 4 KiB pages nearly every probe would also
// miss the TLB. Failure only costs speed, so it is ignored.
func hugePages(slots []slot) {
	const huge = 2 << 20
	size := uintptr(len(slots)) * unsafe.Sizeof(slot{})
	if size < huge {
		return
	}
	base := unsafe.Pointer(&slots[0])
	start := uintptr(base)
	lo := (start + huge - 1) &^ (huge - 1)
	hi := (start + size) &^ (huge - 1)
	if hi <= lo {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Add(base, lo-start)), hi-lo)
	_ = syscall.Madvise(b, 14) // MADV_HUGEPAGE
}
