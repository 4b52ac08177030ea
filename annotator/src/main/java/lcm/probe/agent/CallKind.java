package lcm.probe.agent;

import java.util.Map;
import java.util.Set;

/**
 * What a call site does for the lost-cycle categories: runs a parallel construct (its caller
 * idles while the construct's other tasks are unfinished: li), waits for another thread (sl), or
 * neither. Decided from the called method's static owner and name.
 */
enum CallKind {
    PARALLEL, WAIT, PLAIN;

    private static final Map<String, Set<String>> WAITS = Map.ofEntries(
            Map.entry("java/util/concurrent/Future", Set.of("get")),
            Map.entry("java/util/concurrent/CompletableFuture", Set.of("get", "join")),
            Map.entry("java/util/concurrent/FutureTask", Set.of("get")),
            Map.entry("java/util/concurrent/ForkJoinTask", Set.of("get", "join", "quietlyJoin")),
            Map.entry("java/util/concurrent/RecursiveAction", Set.of("get", "join")),
            Map.entry("java/util/concurrent/RecursiveTask", Set.of("get", "join")),
            Map.entry("java/lang/Thread", Set.of("join")),
            Map.entry("java/lang/Object", Set.of("wait")),
            Map.entry("java/util/concurrent/CountDownLatch", Set.of("await")),
            Map.entry("java/util/concurrent/CyclicBarrier", Set.of("await")),
            Map.entry("java/util/concurrent/Phaser", Set.of("arriveAndAwaitAdvance", "awaitAdvance",
                    "awaitAdvanceInterruptibly")),
            Map.entry("java/util/concurrent/Semaphore", Set.of("acquire", "acquireUninterruptibly")),
            Map.entry("java/util/concurrent/Exchanger", Set.of("exchange")),
            Map.entry("java/util/concurrent/ExecutorService", Set.of("awaitTermination")),
            Map.entry("java/util/concurrent/ThreadPoolExecutor", Set.of("awaitTermination")),
            Map.entry("java/util/concurrent/ForkJoinPool", Set.of("awaitTermination", "awaitQuiescence")),
            Map.entry("java/util/concurrent/BlockingQueue", Set.of("take", "put")),
            Map.entry("java/util/concurrent/LinkedBlockingQueue", Set.of("take", "put")),
            Map.entry("java/util/concurrent/ArrayBlockingQueue", Set.of("take", "put")),
            Map.entry("java/util/concurrent/locks/Lock", Set.of("lock", "lockInterruptibly", "tryLock")),
            Map.entry("java/util/concurrent/locks/ReentrantLock", Set.of("lock", "lockInterruptibly", "tryLock")),
            Map.entry("java/util/concurrent/locks/ReentrantReadWriteLock$ReadLock", Set.of("lock", "lockInterruptibly")),
            Map.entry("java/util/concurrent/locks/ReentrantReadWriteLock$WriteLock", Set.of("lock", "lockInterruptibly")),
            Map.entry("java/util/concurrent/locks/Condition", Set.of("await", "awaitNanos", "awaitUninterruptibly",
                    "awaitUntil")),
            Map.entry("java/util/concurrent/locks/LockSupport", Set.of("park", "parkNanos", "parkUntil")));

    private static final Map<String, Set<String>> PARALLELS = Map.of(
            "java/util/concurrent/ForkJoinPool", Set.of("invoke", "invokeAll"),
            "java/util/concurrent/ExecutorService", Set.of("invokeAll", "invokeAny"),
            "java/util/concurrent/ThreadPoolExecutor", Set.of("invokeAll", "invokeAny"),
            "java/util/concurrent/ForkJoinTask", Set.of("invoke", "invokeAll"),
            "java/util/Arrays", Set.of("parallelSort", "parallelSetAll", "parallelPrefix"));

    static CallKind of(String owner, String name, String descriptor) {
        if (owner.startsWith("java/util/stream/")) {
            String ret = descriptor.substring(descriptor.indexOf(')') + 1);
            boolean intermediate = ret.startsWith("Ljava/util/stream/") && ret.endsWith("Stream;");
            return intermediate || name.equals("iterator") || name.equals("spliterator") ? PLAIN : PARALLEL;
        }
        if (PARALLELS.getOrDefault(owner, Set.of()).contains(name)) {
            return PARALLEL;
        }
        if (WAITS.getOrDefault(owner, Set.of()).contains(name)) {
            if (name.equals("tryLock") && descriptor.startsWith("()")) {
                return PLAIN; // does not wait
            }
            return WAIT;
        }
        return PLAIN;
    }
}
