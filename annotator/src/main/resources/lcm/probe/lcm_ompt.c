/*
 * lcm_ompt.c: the OMPT tool of `lcm measure` (docs/measure.md).
 *
 * Records, per thread, the intervals in which it is busy in a parallel region, waits in an
 * explicit synchronization (explicit barrier, taskwait, taskgroup, lock, critical, ordered,
 * reduction) or idles in an implicit barrier, and per parallel region instance its begin and
 * end time, team size and the return address of the call that opened it. At the runtime's
 * shutdown it writes the probe event file named by LCM_PROBE_OUT (format: lcm.probe.ProbeEvents):
 *
 *   # lcm-probe runtime=openmp clock=monotonic
 *   S <site> <module> <offset>             a region's call site: module path and offset in it
 *   E <exec> <site> <t0> <t1> <team>       one parallel region instance
 *   P <exec> <t0> <t1>                     a span in which it has parallel work (Work_Exists):
 *                                          all of the region but its single constructs
 *   B <exec> <thread> <t0> <t1>            thread busy for the region instance
 *   W <exec> <thread> <t0> <t1>            thread waiting in a synchronization (sl)
 *
 * A run killed by a signal never reaches the finalizer, so it writes nothing. Source lines are
 * found afterwards by lcm measure (addr2line on the module and offset).
 *
 * Build: cc -O2 -shared -fPIC -o liblcm_ompt.so lcm_ompt.c -ldl -lpthread
 * Run:   OMP_TOOL_LIBRARIES=./liblcm_ompt.so LD_PRELOAD=libomp.so.5 LCM_PROBE_OUT=ev ./a.out
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <omp-tools.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { BUSY = 'B', WAIT = 'W' };

typedef struct {
  char kind;
  uint64_t exec, t0, t1;
} interval_t;

typedef struct {
  uint64_t exec, site_ra, t0, t1;
  int team;
  int serial;       /* a thread runs a single construct of the region now */
  uint64_t since;   /* when parallel work last began to exist */
} region_t;

typedef struct {
  uint64_t exec, t0, t1;
} phase_t;

static phase_t *phases;
static size_t phase_n, phase_cap;

/* what a thread is doing: the region instance it works for and since when */
typedef struct {
  uint64_t exec;
  char kind; /* BUSY, WAIT or 0 (idle) */
  uint64_t since;
} state_t;

#define MAX_DEPTH 64

typedef struct thread_buf {
  int id;
  interval_t *iv;
  size_t n, cap;
  state_t stack[MAX_DEPTH];
  int depth;
  uint64_t single_of; /* the region whose single construct this thread runs, or 0 */
  struct thread_buf *next;
} thread_buf_t;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static thread_buf_t *threads;
static int thread_count;
static region_t *regions;
static size_t region_n, region_cap;
static uint64_t next_exec = 1;
static __thread thread_buf_t *self;

static uint64_t now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static thread_buf_t *me(void) {
  if (!self) {
    thread_buf_t *t = calloc(1, sizeof *t);
    pthread_mutex_lock(&lock);
    t->id = thread_count++;
    t->next = threads;
    threads = t;
    pthread_mutex_unlock(&lock);
    self = t;
  }
  return self;
}

static void record(thread_buf_t *t, char kind, uint64_t exec, uint64_t t0, uint64_t t1) {
  if (kind == 0 || exec == 0 || t1 <= t0) return;
  if (t->n > 0) { /* coalesce with the previous interval when they touch */
    interval_t *last = &t->iv[t->n - 1];
    if (last->kind == kind && last->exec == exec && t0 - last->t1 < 1000) {
      last->t1 = t1;
      return;
    }
  }
  if (t->n == t->cap) {
    t->cap = t->cap ? 2 * t->cap : 4096;
    t->iv = realloc(t->iv, t->cap * sizeof *t->iv);
  }
  t->iv[t->n++] = (interval_t){kind, exec, t0, t1};
}

/* ends the thread's current state and starts a new one */
static void set_state(thread_buf_t *t, char kind) {
  uint64_t tn = now();
  if (t->depth == 0) return;
  state_t *s = &t->stack[t->depth - 1];
  record(t, s->kind, s->exec, s->since, tn);
  s->kind = kind;
  s->since = tn;
}

static void push(thread_buf_t *t, uint64_t exec) {
  uint64_t tn = now();
  if (t->depth > 0) {
    state_t *s = &t->stack[t->depth - 1];
    record(t, s->kind, s->exec, s->since, tn);
  }
  if (t->depth < MAX_DEPTH) t->stack[t->depth++] = (state_t){exec, BUSY, tn};
}

static void pop(thread_buf_t *t) {
  uint64_t tn = now();
  if (t->depth == 0) return;
  state_t *s = &t->stack[--t->depth];
  record(t, s->kind, s->exec, s->since, tn);
  if (t->depth > 0) {
    t->stack[t->depth - 1].since = tn;
  }
}

static void on_parallel_begin(ompt_data_t *encountering_task_data, const ompt_frame_t *frame,
                              ompt_data_t *parallel_data, unsigned int requested, int flags,
                              const void *codeptr_ra) {
  (void)encountering_task_data; (void)frame; (void)flags;
  uint64_t t0 = now();
  pthread_mutex_lock(&lock);
  uint64_t exec = next_exec++;
  if (region_n == region_cap) {
    region_cap = region_cap ? 2 * region_cap : 1024;
    regions = realloc(regions, region_cap * sizeof *regions);
  }
  regions[region_n++] = (region_t){exec, (uint64_t)(uintptr_t)codeptr_ra, t0, 0, (int)requested, 0, t0};
  pthread_mutex_unlock(&lock);
  parallel_data->value = exec;
}

/* the region record of exec; call with lock held */
static region_t *region(uint64_t exec) {
  for (size_t i = region_n; i-- > 0;) {
    if (regions[i].exec == exec) return &regions[i];
  }
  return NULL;
}

static void add_phase(uint64_t exec, uint64_t t0, uint64_t t1) {
  if (phase_n == phase_cap) {
    phase_cap = phase_cap ? 2 * phase_cap : 1024;
    phases = realloc(phases, phase_cap * sizeof *phases);
  }
  phases[phase_n++] = (phase_t){exec, t0, t1};
}

/*
 * Work_Exists inside a region: parallel work exists in all of it except while one thread runs a
 * single construct that the others wait for (gfortran's static loops call no runtime function, so
 * the loop constructs cannot be seen; a single can). libomp reports only the single's begin to
 * GNU binaries: it ends at the executing thread's next barrier.
 */
static void on_work(ompt_work_t wstype, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                    ompt_data_t *task_data, uint64_t count, const void *codeptr_ra) {
  (void)task_data; (void)count; (void)codeptr_ra;
  if (wstype != ompt_work_single_executor || endpoint != ompt_scope_begin || !parallel_data) return;
  thread_buf_t *t = me();
  uint64_t tn = now();
  pthread_mutex_lock(&lock);
  region_t *r = region(parallel_data->value);
  if (r && !r->serial) {
    add_phase(r->exec, r->since, tn);
    r->serial = 1;
    t->single_of = r->exec;
  }
  pthread_mutex_unlock(&lock);
}

/* the thread that ran a single reaches the barrier after it: parallel work exists again */
static void end_single(thread_buf_t *t) {
  if (!t->single_of) return;
  uint64_t tn = now();
  pthread_mutex_lock(&lock);
  region_t *r = region(t->single_of);
  if (r) {
    r->serial = 0;
    r->since = tn;
  }
  pthread_mutex_unlock(&lock);
  t->single_of = 0;
}

static void on_parallel_end(ompt_data_t *parallel_data, ompt_data_t *encountering_task_data,
                            int flags, const void *codeptr_ra) {
  (void)encountering_task_data; (void)flags; (void)codeptr_ra;
  uint64_t t1 = now();
  uint64_t exec = parallel_data->value;
  pthread_mutex_lock(&lock);
  region_t *r = region(exec);
  if (r) {
    r->t1 = t1;
    if (!r->serial) add_phase(exec, r->since, t1);
  }
  pthread_mutex_unlock(&lock);
}

static void on_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                             ompt_data_t *task_data, unsigned int actual_parallelism,
                             unsigned int index, int flags) {
  (void)index;
  if (flags & ompt_task_initial) return;
  thread_buf_t *t = me();
  if (endpoint == ompt_scope_begin) {
    uint64_t exec = parallel_data ? parallel_data->value : 0;
    task_data->value = exec;
    if (exec && actual_parallelism > 0) {
      pthread_mutex_lock(&lock);
      for (size_t i = region_n; i-- > 0;) {
        if (regions[i].exec == exec) {
          regions[i].team = (int)actual_parallelism;
          break;
        }
      }
      pthread_mutex_unlock(&lock);
    }
    push(t, exec);
  } else {
    end_single(t);
    pop(t);
  }
}

static void on_sync_region_wait(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                                ompt_data_t *parallel_data, ompt_data_t *task_data,
                                const void *codeptr_ra) {
  (void)parallel_data; (void)task_data; (void)codeptr_ra;
  thread_buf_t *t = me();
  if (endpoint == ompt_scope_end) {
    set_state(t, BUSY);
    return;
  }
  end_single(t);
  switch (kind) {
  case ompt_sync_region_barrier_explicit:
  case ompt_sync_region_taskwait:
  case ompt_sync_region_taskgroup:
  case ompt_sync_region_reduction:
    set_state(t, WAIT); /* an explicit synchronization: sl */
    break;
  default:
    set_state(t, 0); /* the implicit barrier ending a loop or region: idle while work exists */
    break;
  }
}

static void on_mutex_acquire(ompt_mutex_t kind, unsigned int hint, unsigned int impl,
                             ompt_wait_id_t wait_id, const void *codeptr_ra) {
  (void)kind; (void)hint; (void)impl; (void)wait_id; (void)codeptr_ra;
  set_state(me(), WAIT);
}

static void on_mutex_acquired(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr_ra) {
  (void)kind; (void)wait_id; (void)codeptr_ra;
  set_state(me(), BUSY);
}

static void write_events(void) {
  const char *path = getenv("LCM_PROBE_OUT");
  if (!path) return;
  FILE *f = fopen(path, "w");
  if (!f) {
    perror(path);
    return;
  }
  fprintf(f, "# lcm-probe runtime=openmp clock=monotonic threads=%d\n", thread_count);
  /* call sites: one per distinct return address, as module path + offset */
  uint64_t *sites = calloc(region_n + 1, sizeof *sites);
  size_t site_n = 0;
  for (size_t i = 0; i < region_n; i++) {
    size_t s = 0;
    while (s < site_n && sites[s] != regions[i].site_ra) s++;
    if (s == site_n) {
      sites[site_n++] = regions[i].site_ra;
      Dl_info info;
      if (regions[i].site_ra && dladdr((void *)(uintptr_t)regions[i].site_ra, &info) && info.dli_fname) {
        /* the return address points after the call: the call's own line is one byte before */
        fprintf(f, "S %zu %s 0x%llx\n", s, info.dli_fname,
                (unsigned long long)(regions[i].site_ra - 1 - (uint64_t)(uintptr_t)info.dli_fbase));
      } else {
        fprintf(f, "S %zu ? 0x0\n", s);
      }
    }
    uint64_t t1 = regions[i].t1 ? regions[i].t1 : regions[i].t0;
    fprintf(f, "E %llu %zu %llu %llu %d\n", (unsigned long long)regions[i].exec, s,
            (unsigned long long)regions[i].t0, (unsigned long long)t1, regions[i].team);
  }
  free(sites);
  for (size_t i = 0; i < phase_n; i++) {
    fprintf(f, "P %llu %llu %llu\n", (unsigned long long)phases[i].exec, (unsigned long long)phases[i].t0,
            (unsigned long long)phases[i].t1);
  }
  for (thread_buf_t *t = threads; t; t = t->next) {
    for (size_t i = 0; i < t->n; i++) {
      interval_t *v = &t->iv[i];
      fprintf(f, "%c %llu %d %llu %llu\n", v->kind, (unsigned long long)v->exec, t->id,
              (unsigned long long)v->t0, (unsigned long long)v->t1);
    }
  }
  fprintf(f, "# end\n");
  fclose(f);
}

static int initialize(ompt_function_lookup_t lookup, int initial_device_num, ompt_data_t *tool_data) {
  (void)initial_device_num; (void)tool_data;
  ompt_set_callback_t set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
  if (!set_callback) return 0;
  set_callback(ompt_callback_parallel_begin, (ompt_callback_t)on_parallel_begin);
  set_callback(ompt_callback_parallel_end, (ompt_callback_t)on_parallel_end);
  set_callback(ompt_callback_implicit_task, (ompt_callback_t)on_implicit_task);
  set_callback(ompt_callback_sync_region_wait, (ompt_callback_t)on_sync_region_wait);
  set_callback(ompt_callback_mutex_acquire, (ompt_callback_t)on_mutex_acquire);
  set_callback(ompt_callback_mutex_acquired, (ompt_callback_t)on_mutex_acquired);
  set_callback(ompt_callback_work, (ompt_callback_t)on_work);
  return 1; /* keep the tool active */
}

static void finalize(ompt_data_t *tool_data) {
  (void)tool_data;
  write_events();
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version) {
  (void)omp_version; (void)runtime_version;
  static ompt_start_tool_result_t result = {&initialize, &finalize, {0}};
  return &result;
}
