// Darwin's declarations of what CodableBench's platform seam calls, in the forms Apple's macOS SDK
// gives them (MacOSX.sdk/usr/include, the header named above each group): the same names, types,
// struct layouts and constants, so that `.ci/check-platform-seam.py` can compile the seam's Darwin
// branches on Linux and fail where a Mac would. A call to something not declared here fails that
// check: add it only as Darwin's header declares it, never from glibc's. Not the whole SDK.

// <sys/_types.h>, <sys/types.h>
typedef signed char __int8_t;
typedef unsigned char __uint8_t;
typedef short __int16_t;
typedef int __int32_t;
typedef unsigned int __uint32_t;
typedef long long __int64_t;
typedef unsigned long long __uint64_t;
typedef __SIZE_TYPE__ size_t;
typedef long ssize_t;
typedef __int32_t pid_t;
typedef __uint32_t id_t;
typedef __uint32_t useconds_t;
typedef __uint32_t sigset_t;
typedef __uint64_t rlim_t;

// <errno.h>: `errno` is `(*__error())`, which Swift's Darwin overlay reads as `errno`.
extern int *__error(void);
#define ESRCH 3
#define EINTR 4

// <unistd.h>
#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2
ssize_t read(int, void *, size_t);
ssize_t write(int __fd, const void * __buf, size_t __nbyte);
int close(int);
int pipe(int [2]);
int dup(int);
int dup2(int, int);
pid_t getpid(void);
int usleep(useconds_t);
pid_t fork(void);
pid_t vfork(void);

// <fcntl.h>: `fcntl` is variadic; Swift's Darwin overlay declares it (Darwin.swift beside this).
#define F_GETFL 3
#define F_SETFL 4
#define O_NONBLOCK 0x00000004

// <poll.h>
typedef unsigned int nfds_t;
struct pollfd {
    int fd;
    short events;
    short revents;
};
#define POLLIN 0x0001
int poll(struct pollfd *, nfds_t, int);

// <signal.h> (with <sys/signal.h>)
#define SIGHUP 1
#define SIGINT 2
#define SIGKILL 9
#define SIGPIPE 13
#define SIGTERM 15
#define SIG_BLOCK 1
#define SIG_UNBLOCK 2
#define SIG_SETMASK 3
struct __siginfo;
union __sigaction_u {
    void (*__sa_handler)(int);
    void (*__sa_sigaction)(int, struct __siginfo *, void *);
};
struct sigaction {
    union __sigaction_u __sigaction_u;
    sigset_t sa_mask;
    int sa_flags;
};
typedef void (*sig_t)(int);
void (*signal(int, void (*)(int)))(int);
int sigaction(int, const struct sigaction *, struct sigaction *);
int sigemptyset(sigset_t *);
int sigaddset(sigset_t *, int);
int pthread_sigmask(int, const sigset_t *, sigset_t *);
int kill(pid_t, int);
int raise(int);

// <sys/wait.h>
pid_t waitpid(pid_t, int *, int);

// <stdlib.h>
void exit(int) __attribute__((noreturn));
int atexit(void (*)(void));
char *getenv(const char *);
int setenv(const char * __name, const char * __value, int __overwrite);
int getloadavg(double [], int);

// <stdio.h>
typedef struct __sFILE {
    unsigned char *_p;
    int _r;
    int _w;
    short _flags;
    short _file;
} FILE;
int fflush(FILE *);

// <time.h>
typedef enum {
    _CLOCK_REALTIME = 0,
    _CLOCK_MONOTONIC = 6,
    _CLOCK_MONOTONIC_RAW = 4,
    _CLOCK_MONOTONIC_RAW_APPROX = 5,
    _CLOCK_UPTIME_RAW = 8,
    _CLOCK_UPTIME_RAW_APPROX = 9,
    _CLOCK_PROCESS_CPUTIME_ID = 12,
    _CLOCK_THREAD_CPUTIME_ID = 16
} clockid_t;
__uint64_t clock_gettime_nsec_np(clockid_t __clock_id);

// <sys/resource.h>
#define PRIO_PROCESS 0
#define PRIO_DARWIN_THREAD 3
#define PRIO_DARWIN_PROCESS 4
#define PRIO_DARWIN_BG 0x1000
int getpriority(int, id_t);
int setpriority(int, id_t, int);
struct rlimit {
    rlim_t rlim_cur;
    rlim_t rlim_max;
};
#define RLIMIT_NOFILE 8
int getrlimit(int, struct rlimit *);
int setrlimit(int, const struct rlimit *);
#define RUSAGE_INFO_V4 4
struct rusage_info_v4 {
    __uint8_t ri_uuid[16];
    __uint64_t ri_user_time;
    __uint64_t ri_system_time;
    __uint64_t ri_pkg_idle_wkups;
    __uint64_t ri_interrupt_wkups;
    __uint64_t ri_pageins;
    __uint64_t ri_wired_size;
    __uint64_t ri_resident_size;
    __uint64_t ri_phys_footprint;
    __uint64_t ri_proc_start_abstime;
    __uint64_t ri_proc_exit_abstime;
    __uint64_t ri_child_user_time;
    __uint64_t ri_child_system_time;
    __uint64_t ri_child_pkg_idle_wkups;
    __uint64_t ri_child_interrupt_wkups;
    __uint64_t ri_child_pageins;
    __uint64_t ri_child_elapsed_abstime;
    __uint64_t ri_diskio_bytesread;
    __uint64_t ri_diskio_byteswritten;
    __uint64_t ri_cpu_time_qos_default;
    __uint64_t ri_cpu_time_qos_maintenance;
    __uint64_t ri_cpu_time_qos_background;
    __uint64_t ri_cpu_time_qos_utility;
    __uint64_t ri_cpu_time_qos_legacy;
    __uint64_t ri_cpu_time_qos_user_initiated;
    __uint64_t ri_cpu_time_qos_user_interactive;
    __uint64_t ri_billed_system_time;
    __uint64_t ri_serviced_system_time;
    __uint64_t ri_logical_writes;
    __uint64_t ri_lifetime_max_phys_footprint;
    __uint64_t ri_instructions;
    __uint64_t ri_cycles;
    __uint64_t ri_billed_energy;
    __uint64_t ri_serviced_energy;
    __uint64_t ri_interval_max_phys_footprint;
    __uint64_t ri_runnable_time;
};

// <sys/qos.h>
typedef enum : unsigned int {
    QOS_CLASS_USER_INTERACTIVE = 0x21,
    QOS_CLASS_USER_INITIATED = 0x19,
    QOS_CLASS_DEFAULT = 0x15,
    QOS_CLASS_UTILITY = 0x11,
    QOS_CLASS_BACKGROUND = 0x09,
    QOS_CLASS_UNSPECIFIED = 0x00
} qos_class_t;

// <pthread/qos.h>
int pthread_set_qos_class_self_np(qos_class_t __qos_class, int __relative_priority);

// <sys/sysctl.h>
int sysctlbyname(const char *, void *, size_t *, void *, size_t);

// <dlfcn.h>: RTLD_DEFAULT is `((void *) -2)`, which Swift does not import.
#define RTLD_LAZY 0x1
#define RTLD_NOW 0x2
#define RTLD_LOCAL 0x4
#define RTLD_GLOBAL 0x8
void *dlopen(const char * __path, int __mode);
void *dlsym(void * __handle, const char * __symbol);
