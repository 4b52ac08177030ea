/*
 * lcm_ompt.c: the OpenMP probe of `lcm measure` (docs/measure.md): an OMPT tool, and the
 * fragment probes that lcm writes into a temporary copy of the sources.
 *
 * Two sources of events, one per-thread state machine:
 *  - OMPT callbacks of LLVM's libomp: parallel regions (begin, end, team size, the return
 *    address of the call that opened them), implicit tasks, barriers and other synchronization
 *    waits, locks and critical sections, single constructs;
 *  - fragment probes: lcm_probe_begin(id) and lcm_probe_end(id), called by the instrumented
 *    copy of the program at each fragment's start and at every way out of it. A fragment's mode
 *    (LCM_PROBE_SITES, one "id mode tag" a line) says who runs it: 's' one thread; 't' every
 *    thread of the team (a worksharing loop, code replicated in a parallel region): the k-th
 *    execution of fragment id in a region instance on each thread is one execution, joined by
 *    the team; 'a' the team when the thread is in a parallel region of more than one thread,
 *    else one thread (a routine that may be called from inside a region or outside).
 *
 * Each thread keeps a stack of what it works for: the program (the initial thread's base),
 * fragment executions it opened, and the implicit tasks of parallel regions; a region's work
 * belongs to the fragment execution its encountering thread had open (else to the region).
 * Only the top of the stack accumulates time: busy, waiting (sl) or idle (a barrier).
 *
 * At the runtime's shutdown (or the program's exit) it writes the event file named by
 * LCM_PROBE_OUT (format: lcm.probe.ProbeEvents):
 *
 *   # lcm-probe runtime=openmp clock=monotonic threads=N probes=K unmatched-ends=U
 *   S 0 program -                           the program outside fragments and regions
 *   S <id> tag <TAG>                        a fragment of the sources (instrumented copy)
 *   S <site> <module> <offset>              a region's call site: module path and offset in it
 *   E <exec> <site> <t0> <t1> <team> <parent>  a fragment execution, region instance or the program;
 *                                           parent: the fragment execution it runs in (0: none)
 *   P <exec> <t0> <t1>                      a span in which it has parallel work (Work_Exists)
 *   B <exec> <thread> <t0> <t1>             thread busy for it
 *   W <exec> <thread> <t0> <t1>             thread waiting in a synchronization (sl)
 *
 * A run killed by a signal writes nothing. Source lines of region sites are found afterwards by
 * lcm measure (addr2line on the module and offset).
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
enum { E_PROGRAM = 0, E_REGION = 1, E_FRAGMENT = 2 };
enum { F_TEAM = 1 }; /* an execution joined by a team: parallel work throughout */

/* an execution: of a fragment, a region instance, or the program */
typedef struct {
  uint64_t t0, t1;
  uint64_t site_ra; /* regions: the return address of the call that opened it */
  uint64_t owner;   /* regions: the execution their work belongs to */
  uint64_t since;   /* regions: when parallel work last began to exist */
  uint64_t parent;  /* fragments: the fragment execution it is nested in (0: none) */
  int site;         /* fragments: their id */
  int team;
  char kind, flags, serial; /* serial: a thread runs a single construct of the region now */
} exec_t;

/* executions live in blocks that never move: a thread updates its own without the lock */
#define BLOCK 4096
#define BLOCKS 65536
static exec_t *exec_blocks[BLOCKS];
static uint64_t exec_n; /* ids 1..exec_n */

static exec_t *exec_of(uint64_t id) {
  return &exec_blocks[(id - 1) / BLOCK][(id - 1) % BLOCK];
}

typedef struct {
  char kind;
  uint64_t exec, t0, t1;
} interval_t;

typedef struct {
  uint64_t exec, t0, t1;
} phase_t;

enum { S_BASE = -2, S_TASK = -1 }; /* state_t.frag of the program's base and of implicit tasks */

/* one level of a thread's stack: what it works for, in which state, since when */
typedef struct {
  uint64_t exec;
  uint64_t region; /* implicit tasks: their region instance */
  uint64_t since;
  int frag;        /* the fragment id, or S_BASE, S_TASK */
  char kind;       /* BUSY, WAIT or 0 (idle) */
} state_t;

#define MAX_DEPTH 256

typedef struct thread_buf {
  int id;
  interval_t *iv;
  size_t n, cap;
  state_t stack[MAX_DEPTH];
  int depth;
  uint64_t single_of;  /* the region whose single construct this thread runs, or 0 */
  uint32_t *occurrences; /* team fragments: executions per fragment id in occ_region */
  uint64_t occ_region;
  struct thread_buf *next;
} thread_buf_t;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static thread_buf_t *threads;
static int thread_count;
static phase_t *phases;
static size_t phase_n, phase_cap;
static __thread thread_buf_t *self;
static uint64_t program_exec;
static long unmatched_ends, unclosed;
static int written;

/* the fragment sites of the instrumented copy: mode and tag by id (LCM_PROBE_SITES) */
static int site_max;
static char *site_mode;
static char **site_tag;

/* team executions by (region instance, fragment, occurrence): open addressing */
typedef struct {
  uint64_t region, occurrence, exec;
  int frag;
} team_key_t;
static team_key_t *team_table;
static size_t team_cap, team_n;

static uint64_t now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* a new execution; call with the lock held */
static uint64_t new_exec(char kind, int site, uint64_t t0) {
  uint64_t id = exec_n + 1;
  size_t b = (id - 1) / BLOCK;
  if (b >= BLOCKS) return 0; /* 268 million executions: the rest are not recorded */
  if (!exec_blocks[b]) exec_blocks[b] = calloc(BLOCK, sizeof(exec_t));
  exec_n = id;
  exec_t *e = exec_of(id);
  memset(e, 0, sizeof *e);
  e->kind = kind;
  e->site = site;
  e->t0 = t0;
  e->since = t0;
  return id;
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
  if (t->depth == 0) return;
  uint64_t tn = now();
  state_t *s = &t->stack[t->depth - 1];
  record(t, s->kind, s->exec, s->since, tn);
  s->kind = kind;
  s->since = tn;
}

static void push(thread_buf_t *t, state_t s, uint64_t tn) {
  if (t->depth > 0) {
    state_t *top = &t->stack[t->depth - 1];
    record(t, top->kind, top->exec, top->since, tn);
  }
  s.since = tn;
  if (t->depth < MAX_DEPTH) t->stack[t->depth++] = s;
}

/* pops the top of the stack at tn; a fragment execution ends there (the last of its threads' ends) */
static void pop(thread_buf_t *t, uint64_t tn) {
  state_t *s = &t->stack[--t->depth];
  record(t, s->kind, s->exec, s->since, tn);
  if (s->frag >= 0 && s->exec) {
    exec_t *e = exec_of(s->exec);
    if (e->flags & F_TEAM) {
      pthread_mutex_lock(&lock);
      if (tn > e->t1) e->t1 = tn;
      pthread_mutex_unlock(&lock);
    } else if (tn > e->t1) {
      e->t1 = tn;
    }
  }
  if (t->depth > 0) t->stack[t->depth - 1].since = tn;
}

static void add_phase(uint64_t exec, uint64_t t0, uint64_t t1) {
  if (t1 <= t0) return;
  if (phase_n == phase_cap) {
    phase_cap = phase_cap ? 2 * phase_cap : 1024;
    phases = realloc(phases, phase_cap * sizeof *phases);
  }
  phases[phase_n++] = (phase_t){exec, t0, t1};
}

/* ---- fragment probes ---- */

static void read_sites(void) {
  const char *path = getenv("LCM_PROBE_SITES");
  if (!path) return;
  FILE *f = fopen(path, "r");
  if (!f) {
    perror(path);
    return;
  }
  int id;
  char mode;
  char tag[512];
  int cap = 0;
  while (fscanf(f, "%d %c %511s", &id, &mode, tag) == 3) {
    if (id < 1) continue;
    if (id >= cap) {
      int ncap = cap ? cap : 64;
      while (ncap <= id) ncap *= 2;
      site_mode = realloc(site_mode, ncap);
      site_tag = realloc(site_tag, ncap * sizeof *site_tag);
      memset(site_mode + cap, 0, ncap - cap);
      memset(site_tag + cap, 0, (ncap - cap) * sizeof *site_tag);
      cap = ncap;
    }
    site_mode[id] = mode;
    site_tag[id] = strdup(tag);
    if (id > site_max) site_max = id;
  }
  fclose(f);
}

/* the innermost implicit task on the thread's stack, or NULL outside parallel regions */
static state_t *current_task(thread_buf_t *t) {
  for (int i = t->depth - 1; i >= 0; i--) {
    if (t->stack[i].frag == S_TASK) return &t->stack[i];
  }
  return NULL;
}

/* the level of fragment id in the thread's stack above its innermost implicit task, or -1 */
static int open_level(thread_buf_t *t, int id) {
  for (int i = t->depth - 1; i >= 0 && t->stack[i].frag != S_TASK; i--) {
    if (t->stack[i].frag == id) return i;
  }
  return -1;
}

/* the team execution of the thread's k-th execution of fragment id in region; lock held */
static uint64_t team_exec(uint64_t region, int id, uint64_t k, uint64_t tn, uint64_t parent) {
  if (2 * (team_n + 1) > team_cap) {
    size_t ncap = team_cap ? 2 * team_cap : 1024;
    team_key_t *nt = calloc(ncap, sizeof *nt);
    for (size_t i = 0; i < team_cap; i++) {
      if (!team_table[i].exec) continue;
      size_t h = (team_table[i].region * 0x9E3779B97F4A7C15ull ^ (uint64_t)team_table[i].frag * 0xC2B2AE3D27D4EB4Full
                  ^ team_table[i].occurrence) & (ncap - 1);
      while (nt[h].exec) h = (h + 1) & (ncap - 1);
      nt[h] = team_table[i];
    }
    free(team_table);
    team_table = nt;
    team_cap = ncap;
  }
  size_t h = (region * 0x9E3779B97F4A7C15ull ^ (uint64_t)id * 0xC2B2AE3D27D4EB4Full ^ k) & (team_cap - 1);
  while (team_table[h].exec) {
    team_key_t *e = &team_table[h];
    if (e->region == region && e->frag == id && e->occurrence == k) {
      exec_t *x = exec_of(e->exec);
      if (tn < x->t0) x->t0 = tn;
      x->team++;
      return e->exec;
    }
    h = (h + 1) & (team_cap - 1);
  }
  uint64_t exec = new_exec(E_FRAGMENT, id, tn);
  if (!exec) return 0;
  exec_t *x = exec_of(exec);
  x->flags = F_TEAM;
  x->team = 1;
  x->t1 = tn;
  x->parent = parent;
  team_table[h] = (team_key_t){region, k, exec, id};
  team_n++;
  return exec;
}

/* the execution the thread works for now, if it is a fragment's (else 0) */
static uint64_t fragment_owner(thread_buf_t *t) {
  if (t->depth == 0) return 0;
  uint64_t exec = t->stack[t->depth - 1].exec;
  return exec && exec_of(exec)->kind == E_FRAGMENT ? exec : 0;
}

static void probe_begin(int id) {
  uint64_t tn = now();
  thread_buf_t *t = me();
  int level = open_level(t, id);
  if (level >= 0) { /* entered again by a jump back to its first statement: the same execution goes on */
    while (t->depth > level + 1) pop(t, tn);
    return;
  }
  char mode = id > 0 && id <= site_max && site_mode[id] ? site_mode[id] : 's';
  state_t *task = current_task(t);
  int team = 0;
  if (task && mode != 's') {
    exec_t *r = exec_of(task->region);
    team = mode == 't' || r->team > 1;
  }
  uint64_t exec;
  uint64_t parent = fragment_owner(t);
  pthread_mutex_lock(&lock);
  if (team) {
    if (t->occ_region != task->region || !t->occurrences) {
      if (!t->occurrences) t->occurrences = calloc((size_t)site_max + 2, sizeof *t->occurrences);
      else memset(t->occurrences, 0, ((size_t)site_max + 2) * sizeof *t->occurrences);
      t->occ_region = task->region;
    }
    uint64_t k = id <= site_max ? ++t->occurrences[id] : 0;
    exec = team_exec(task->region, id, k, tn, parent);
  } else {
    exec = new_exec(E_FRAGMENT, id, tn);
    if (exec) {
      exec_of(exec)->team = 1;
      exec_of(exec)->t1 = tn;
      exec_of(exec)->parent = parent;
    }
  }
  pthread_mutex_unlock(&lock);
  push(t, (state_t){exec, 0, 0, id, BUSY}, tn);
}

static void probe_end(int id) {
  uint64_t tn = now();
  thread_buf_t *t = me();
  int level = open_level(t, id);
  if (level < 0) { /* not open on this thread (entered by a jump past its start) */
    __atomic_add_fetch(&unmatched_ends, 1, __ATOMIC_RELAXED);
    return;
  }
  while (t->depth > level) pop(t, tn); /* fragments inside it that a jump left open end with it */
}

/* the names the instrumented copy calls: Fortran compilers add one or two underscores, or none */
void lcm_probe_begin_(const int *id) { probe_begin(*id); }
void lcm_probe_end_(const int *id) { probe_end(*id); }
void lcm_probe_begin__(const int *id) { probe_begin(*id); }
void lcm_probe_end__(const int *id) { probe_end(*id); }
void lcm_probe_begin(const int *id) { probe_begin(*id); }
void lcm_probe_end(const int *id) { probe_end(*id); }

/* ---- OMPT callbacks ---- */

static void on_parallel_begin(ompt_data_t *encountering_task_data, const ompt_frame_t *frame,
                              ompt_data_t *parallel_data, unsigned int requested, int flags,
                              const void *codeptr_ra) {
  (void)encountering_task_data; (void)frame; (void)flags;
  uint64_t t0 = now();
  uint64_t owner = fragment_owner(me());
  pthread_mutex_lock(&lock);
  uint64_t exec = new_exec(E_REGION, -1, t0);
  if (exec) {
    exec_t *r = exec_of(exec);
    r->site_ra = (uint64_t)(uintptr_t)codeptr_ra;
    r->team = (int)requested;
    r->owner = owner ? owner : exec;
  }
  pthread_mutex_unlock(&lock);
  parallel_data->value = exec;
}

/*
 * Work_Exists inside a region: parallel work exists in all of it except while one thread runs a
 * single construct that the others wait for (gfortran's static loops call no runtime function, so
 * their boundaries come from the fragment probes; a single can be seen). libomp reports only the
 * single's begin to GNU binaries: it ends at the executing thread's next barrier.
 */
static void on_work(ompt_work_t wstype, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                    ompt_data_t *task_data, uint64_t count, const void *codeptr_ra) {
  (void)task_data; (void)count; (void)codeptr_ra;
  if (wstype != ompt_work_single_executor || endpoint != ompt_scope_begin || !parallel_data
      || !parallel_data->value) return;
  thread_buf_t *t = me();
  uint64_t tn = now();
  pthread_mutex_lock(&lock);
  exec_t *r = exec_of(parallel_data->value);
  if (!r->serial) {
    add_phase(r->owner, r->since, tn);
    r->serial = 1;
    t->single_of = parallel_data->value;
  }
  pthread_mutex_unlock(&lock);
}

/* the thread that ran a single reaches the barrier after it: parallel work exists again */
static void end_single(thread_buf_t *t) {
  if (!t->single_of) return;
  uint64_t tn = now();
  pthread_mutex_lock(&lock);
  exec_t *r = exec_of(t->single_of);
  r->serial = 0;
  r->since = tn;
  pthread_mutex_unlock(&lock);
  t->single_of = 0;
}

static void on_parallel_end(ompt_data_t *parallel_data, ompt_data_t *encountering_task_data,
                            int flags, const void *codeptr_ra) {
  (void)encountering_task_data; (void)flags; (void)codeptr_ra;
  uint64_t t1 = now();
  uint64_t exec = parallel_data->value;
  if (!exec) return;
  pthread_mutex_lock(&lock);
  exec_t *r = exec_of(exec);
  r->t1 = t1;
  if (!r->serial) add_phase(r->owner, r->since, t1);
  pthread_mutex_unlock(&lock);
}

static void on_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                             ompt_data_t *task_data, unsigned int actual_parallelism,
                             unsigned int index, int flags) {
  (void)index;
  if (flags & ompt_task_initial) return;
  thread_buf_t *t = me();
  if (endpoint == ompt_scope_begin) {
    uint64_t region = parallel_data ? parallel_data->value : 0;
    task_data->value = region;
    uint64_t owner = 0;
    if (region) {
      pthread_mutex_lock(&lock);
      exec_t *r = exec_of(region);
      if (actual_parallelism > 0) r->team = (int)actual_parallelism;
      owner = r->owner;
      pthread_mutex_unlock(&lock);
    }
    push(t, (state_t){owner, region, 0, S_TASK, BUSY}, now());
  } else {
    end_single(t);
    uint64_t tn = now();
    /* fragments still open in the task end with it; then the task */
    while (t->depth > 0 && t->stack[t->depth - 1].frag != S_TASK) pop(t, tn);
    if (t->depth > 0) pop(t, tn);
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

/* ---- output ---- */

static void write_events(void) {
  pthread_mutex_lock(&lock);
  if (written) {
    pthread_mutex_unlock(&lock);
    return;
  }
  written = 1;
  pthread_mutex_unlock(&lock);
  uint64_t tn = now();
  /* the calling thread (the initial one) ends what it has open: the program's base at least */
  thread_buf_t *t = me();
  while (t->depth > 0) {
    if (t->stack[t->depth - 1].frag >= 0) unclosed++;
    pop(t, tn);
  }
  if (program_exec) exec_of(program_exec)->t1 = tn;
  const char *path = getenv("LCM_PROBE_OUT");
  if (!path) return;
  FILE *f = fopen(path, "w");
  if (!f) {
    perror(path);
    return;
  }
  int probes = 0;
  for (int i = 1; i <= site_max; i++) probes += site_tag[i] != NULL;
  fprintf(f, "# lcm-probe runtime=openmp clock=monotonic threads=%d probes=%d unmatched-ends=%ld unclosed=%ld\n",
          thread_count, probes, unmatched_ends, unclosed);
  fprintf(f, "S 0 program -\n");
  for (int i = 1; i <= site_max; i++) {
    if (site_tag[i]) fprintf(f, "S %d tag %s\n", i, site_tag[i]);
  }
  /* region call sites: one per distinct return address, as module path + offset, numbered after the fragments */
  uint64_t *sites = NULL;
  size_t site_n = 0, site_cap = 0;
  int *region_site = calloc(exec_n + 1, sizeof *region_site);
  for (uint64_t id = 1; id <= exec_n; id++) {
    exec_t *e = exec_of(id);
    if (e->kind != E_REGION) continue;
    size_t s = 0;
    while (s < site_n && sites[s] != e->site_ra) s++;
    if (s == site_n) {
      if (site_n == site_cap) {
        site_cap = site_cap ? 2 * site_cap : 64;
        sites = realloc(sites, site_cap * sizeof *sites);
      }
      sites[site_n++] = e->site_ra;
      Dl_info info;
      int number = site_max + 1 + (int)s;
      if (e->site_ra && dladdr((void *)(uintptr_t)e->site_ra, &info) && info.dli_fname) {
        /* the return address points after the call: the call's own line is one byte before */
        fprintf(f, "S %d %s 0x%llx\n", number, info.dli_fname,
                (unsigned long long)(e->site_ra - 1 - (uint64_t)(uintptr_t)info.dli_fbase));
      } else {
        fprintf(f, "S %d ? 0x0\n", number);
      }
    }
    region_site[id] = site_max + 1 + (int)s;
  }
  free(sites);
  for (uint64_t id = 1; id <= exec_n; id++) {
    exec_t *e = exec_of(id);
    int site = e->kind == E_REGION ? region_site[id] : e->kind == E_PROGRAM ? 0 : e->site;
    uint64_t t1 = e->t1 > e->t0 ? e->t1 : e->t0;
    fprintf(f, "E %llu %d %llu %llu %d %llu\n", (unsigned long long)id, site, (unsigned long long)e->t0,
            (unsigned long long)t1, e->team, (unsigned long long)e->parent);
    if (e->flags & F_TEAM) add_phase(id, e->t0, t1); /* a team's fragment: parallel work throughout */
  }
  free(region_site);
  for (size_t i = 0; i < phase_n; i++) {
    fprintf(f, "P %llu %llu %llu\n", (unsigned long long)phases[i].exec, (unsigned long long)phases[i].t0,
            (unsigned long long)phases[i].t1);
  }
  for (thread_buf_t *th = threads; th; th = th->next) {
    for (size_t i = 0; i < th->n; i++) {
      interval_t *v = &th->iv[i];
      fprintf(f, "%c %llu %d %llu %llu\n", v->kind, (unsigned long long)v->exec, th->id,
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

/* loaded with the program (linked into the instrumented copy, or by libomp at its start): the
 * initial thread's base is the program, outside every fragment and region */
__attribute__((constructor)) static void start(void) {
  read_sites();
  uint64_t tn = now();
  pthread_mutex_lock(&lock);
  program_exec = new_exec(E_PROGRAM, 0, tn);
  if (program_exec) exec_of(program_exec)->team = 1;
  pthread_mutex_unlock(&lock);
  push(me(), (state_t){program_exec, 0, 0, S_BASE, BUSY}, tn);
}

/* a program that never started the OpenMP runtime (or whose runtime did not finalize the tool) */
__attribute__((destructor)) static void stop(void) {
  write_events();
}
