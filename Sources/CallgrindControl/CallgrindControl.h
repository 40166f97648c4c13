#ifndef CODABLEBENCH_CALLGRIND_CONTROL_H
#define CODABLEBENCH_CALLGRIND_CONTROL_H

// Valgrind's client requests, the protocol its valgrind.h header defines: a "special instruction
// preamble" (rotations of a register that add up to a full turn, so a real CPU sees no change)
// followed by a marker instruction; valgrind recognizes the sequence and reads the request from a
// six-word block whose address is in a fixed register. Written out here instead of including
// <valgrind/callgrind.h> so the build does not depend on valgrind being installed. Header-only (a
// system-library module, imported by Swift): a C compilation unit would carry clang's DWARF 5
// debug information, which valgrind 3.19 cannot read ("Possibly corrupted debuginfo file").

// The callgrind tool's request base, ('C' << 24 | 'T' << 16); START and STOP are its 5th and 6th
// requests (after DUMP_STATS, ZERO_STATS, TOGGLE_COLLECT, DUMP_STATS_AT).
#define CODABLEBENCH_CALLGRIND_REQUEST_BASE ((unsigned long)(('C' & 0xff) << 24 | ('T' & 0xff) << 16))
#define CODABLEBENCH_CALLGRIND_START (CODABLEBENCH_CALLGRIND_REQUEST_BASE + 4)
#define CODABLEBENCH_CALLGRIND_STOP (CODABLEBENCH_CALLGRIND_REQUEST_BASE + 5)

static inline unsigned long codablebench_client_request(unsigned long request) {
    volatile unsigned long block[6] = {request, 0, 0, 0, 0, 0};
    unsigned long result = 0;
#if defined(__x86_64__)
    __asm__ volatile("rolq $3,  %%rdi ; rolq $13, %%rdi\n\t"
                     "rolq $61, %%rdi ; rolq $51, %%rdi\n\t"
                     "xchgq %%rbx,%%rbx"
                     : "=d"(result)
                     : "a"(&block[0]), "0"(result)
                     : "cc", "memory");
#elif defined(__aarch64__)
    __asm__ volatile("mov x3, %1\n\t"
                     "mov x4, %2\n\t"
                     "ror x12, x12, #3\n\t"
                     "ror x12, x12, #13\n\t"
                     "ror x12, x12, #51\n\t"
                     "ror x12, x12, #61\n\t"
                     "orr x10, x10, x10\n\t"
                     "mov %0, x3"
                     : "=r"(result)
                     : "r"(result), "r"(&block[0])
                     : "cc", "memory", "x3", "x4");
#else
    (void)block;
#endif
    return result;
}

/// Whether this build can ask callgrind to switch its instrumentation on and off (x86-64 and
/// arm64): without it, the instruction pass cannot keep the calls made outside the counted region
/// out of its call counts.
static inline int codablebench_callgrind_control_available(void) {
#if defined(__x86_64__) || defined(__aarch64__)
    return 1;
#else
    return 0;
#endif
}

/// Callgrind's START_INSTRUMENTATION and STOP_INSTRUMENTATION client requests. Natively (not under
/// valgrind) each is a few instructions that change nothing.
static inline void codablebench_callgrind_start_instrumentation(void) {
    (void)codablebench_client_request(CODABLEBENCH_CALLGRIND_START);
}

static inline void codablebench_callgrind_stop_instrumentation(void) {
    (void)codablebench_client_request(CODABLEBENCH_CALLGRIND_STOP);
}

#endif
