package lcm.javasrc;

import lcm.structure.Construct;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Parallel constructs recognized in Java code without annotations (DESIGN 2.2), and those said by annotations. */
class ParallelConstructTest {

    private static String body(String code) {
        JavaSources.Result r = JavaSources.method(code);
        assertEquals(List.of(), r.errors());
        assertEquals(List.of(), r.warnings());
        return JavaSources.describe(r.body("f"));
    }

    @Test
    void intStreamRangeParallelForEachIsAParallelLoopWithFoldedTrips() {
        assertEquals("ploop i x n [call w]", body("IntStream.range(0, n).parallel().forEach(i -> w(i));"));
        assertEquals("ploop j x n-1 [call w]", body("IntStream.range(2, n + 1).parallel().forEach(j -> { w(j); });"));
        assertEquals("ploop i x n [call g]", body("IntStream.rangeClosed(1, n).parallel().forEach(i -> g());"));
        assertEquals("ploop i x hi-lo [call g]", body("IntStream.range(lo, hi).parallel().forEach(i -> g());"));
    }

    @Test
    void parallelLoopKeepsItsDirectiveAndBounds() {
        JavaSources.Result r = JavaSources.method("IntStream.range(0, n).parallel().forEach(i -> w(i));");
        Construct.ParallelLoop loop = assertInstanceOf(Construct.ParallelLoop.class, r.body("f").get(0));
        assertEquals("IntStream.range().parallel().forEach()", loop.directive());
        assertEquals("0, n", loop.boundsText());
        assertEquals("T.java:3:1", loop.span().start().toString());
    }

    @Test
    void parallelStreamPipelinesAreParallelLoopsOverTheirStages() {
        assertEquals("ploop x x ? [call w; call h]",
                body("items.parallelStream().map(x -> w(x)).forEach(x -> h());"));
        assertEquals("simple; ploop v x ? [call w]",
                body("int s = 0;\nlong c = java.util.Arrays.stream(data).parallel().filter(v -> w(v)).count();"));
        assertEquals("ploop  x ? [call g]", body("items.stream().parallel().forEach(T::g);"));
    }

    @Test
    void sequentialStreamsAreSerialLoops() {
        assertEquals("loop i x n [call w]", body("IntStream.range(0, n).forEach(i -> w(i));"));
        assertEquals("loop i x n [call w]", body("IntStream.range(0, n).parallel().sequential().forEach(i -> w(i));"));
        assertEquals("loop x x ? [call w]", body("items.forEach(x -> w(x));"));
        assertEquals("loop  x ? [call g]", body("items.forEach(T::g);"));
        assertEquals("ploop i x ? [call w]", body("java.util.Arrays.parallelSetAll(data, i -> w(i));"));
    }

    @Test
    void completableFuturesJoinedByAllOfAreParallelSections() {
        assertEquals("sections {[call g] [call h; call w]}", body("""
                CompletableFuture<Void> a = CompletableFuture.runAsync(() -> g());
                var b = CompletableFuture.supplyAsync(() -> { h(); return 1; }).thenAccept(x -> w(x));
                CompletableFuture.allOf(a, b).join();"""));
    }

    @Test
    void sectionsKeepTheAnnotationsOfEachTaskAndOfTheWait() {
        JavaSources.Result r = JavaSources.method("""
                //@lcm vars: p = p/T - 1
                CompletableFuture<Void> a = CompletableFuture.runAsync(() -> g());
                CompletableFuture<Void> b = CompletableFuture.runAsync(
                        //@lcm output: x
                        () -> h());
                //@lcm model: pc = n
                CompletableFuture.allOf(a, b).join();""");
        assertEquals(List.of(), r.errors());
        Construct.Sections s = assertInstanceOf(Construct.Sections.class, r.body("f").get(0));
        assertEquals("p", s.sections().get(0).attached().vars().get(0).name());
        assertEquals(1, s.sections().get(1).attached().annotations().size());
        assertTrue(s.attached().hasModel());
        assertEquals("CompletableFuture.runAsync", s.directive());
        assertEquals(4, s.span().line());
        assertEquals(9, s.span().endLine());
    }

    @Test
    void aCombinedFutureWaitsForTheTasksItCombines() {
        assertEquals("sections {[call g] [call h]}; call w", body("""
                var a = CompletableFuture.runAsync(() -> g());
                var b = CompletableFuture.runAsync(() -> h());
                CompletableFuture<Void> all = CompletableFuture.allOf(a, b);
                all.join();
                w(0);"""));
    }

    @Test
    void threadsStartedAndJoinedAreParallelSections() {
        assertEquals("sections {[call g] [call h]}", body("""
                Thread t1 = new Thread(() -> g());
                Thread t2 = new Thread(T::h);
                t1.start();
                t2.start();
                try {
                    t1.join();
                    t2.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }"""));
    }

    @Test
    void executorSubmitThenGetIsParallelSections() {
        assertEquals("simple; sections {[call g] [call h]}", body("""
                ExecutorService pool = Executors.newFixedThreadPool(2);
                Future<?> f1 = pool.submit(() -> g());
                Future<?> f2 = pool.submit(() -> h());
                f1.get();
                f2.get();
                pool.shutdown();"""));
        assertEquals("sections {[call g] [call h]}", body("""
                pool.execute(() -> g());
                pool.execute(new Runnable() { public void run() { h(); } });
                pool.shutdown();
                pool.awaitTermination(1, TimeUnit.MINUTES);"""));
    }

    @Test
    void invokeAllOfAListIsParallelSections() {
        assertEquals("sections {[call g] [call h]}",
                body("pool.invokeAll(List.of(() -> { g(); return null; }, () -> { h(); return null; }));"));
    }

    @Test
    void invokeAllOfTasksAddedInALoopIsAParallelLoop() {
        assertEquals("simple; loop i x p [simple]; ploop i x p [call w]", body("""
                List<Callable<Void>> tasks = new ArrayList<>();
                for (int i = 0; i < p; i++) {
                    final int id = i;
                    tasks.add(() -> { w(id); return null; });
                }
                pool.invokeAll(tasks);"""));
    }

    @Test
    void aLoopThatOnlyStartsTasksIsAParallelLoop() {
        assertEquals("simple; ploop i x 4 [call w]", body("""
                List<Future<?>> fs = new ArrayList<>();
                for (int i = 0; i < 4; i++) {
                    final int id = i;
                    fs.add(pool.submit(() -> w(id)));
                }
                for (Future<?> f : fs) {
                    f.get();
                }"""));
        assertEquals("simple; ploop t x n [call g]", body("""
                List<Thread> threads = new ArrayList<>();
                for (int t = 0; t < n; t++) {
                    Thread th = new Thread(() -> g());
                    threads.add(th);
                    th.start();
                }
                for (Thread th : threads) th.join();"""));
    }

    @Test
    void workBetweenStartAndWaitIsOneMoreTask() {
        assertEquals("sections {[call g] [call h; simple]}", body("""
                var f = CompletableFuture.runAsync(() -> g());
                h();
                int x = 2;
                f.join();"""));
    }

    @Test
    void oneTaskWaitedForAtOnceIsSerialCode() {
        assertEquals("call g; call h", body("var f = CompletableFuture.runAsync(() -> g());\nf.join();\nh();"));
        assertEquals("call g", body("CompletableFuture.runAsync(() -> g()).join();"));
    }

    @Test
    void tasksNeverWaitedForAreJoinedAtTheEndOfTheBlockWithAWarning() {
        JavaSources.Result r = JavaSources.method("CompletableFuture.runAsync(() -> g());\nh();");
        assertEquals("sections {[call g] [call h]}", JavaSources.describe(r.body("f")));
        assertEquals(List.of("T.java:3:1: warning: tasks started here are not waited for in this block; "
                + "lcm takes the end of the block as their join"), r.warnings());
    }

    @Test
    void runnablesStoredInVariablesRunWhereTheyAreUsed() {
        assertEquals("simple; call g; sections {[call h] [call g]}", body("""
                int k = 0;
                Runnable r = () -> g();
                r.run();
                Thread t = new Thread(() -> h());
                Thread u = new Thread(r);
                t.start();
                u.start();
                t.join();
                u.join();"""));
    }

    @Test
    void annotationsSayParallelSectionsWhereTheCodeDoesNot() {
        JavaSources.Result r = JavaSources.method("""
                //@lcm parallel sections
                //@lcm section
                g();
                //@lcm vars: p = p/2
                //@lcm section
                h();
                w(1);
                //@lcm end parallel sections""");
        assertEquals(List.of(), r.errors());
        assertEquals("sections {[call g] [call h; call w]@1}", JavaSources.describe(r.body("f")));
    }

    @Test
    void tileAnnotationMakesASerialLoopParallel() {
        assertEquals("ploop i x n [call w]", body("""
                //@lcm tile(i)
                for (int i = 0; i < n; i++) {
                    w(i);
                }
                //@lcm end tile"""));
    }

    @Test
    void forkJoinPoolInvokeIsAParallelLoopOverCompute() {
        JavaSources.Result r = JavaSources.parse("""
                import java.util.concurrent.*;
                class T {
                    static final int n = 1 << 20;
                    static class Sum extends RecursiveTask<Long> {
                        final int lo, hi;
                        Sum(int lo, int hi) { this.lo = lo; this.hi = hi; }
                        @Override
                        protected Long compute() {
                            if (hi - lo <= 1000) {
                                return work(lo, hi);
                            }
                            int mid = (lo + hi) >>> 1;
                            Sum left = new Sum(lo, mid);
                            Sum right = new Sum(mid, hi);
                            left.fork();
                            long r = right.compute();
                            return left.join() + r;
                        }
                    }
                    static long work(int lo, int hi) { long s = 0; for (int i = lo; i < hi; i++) s += i; return s; }
                    public static void main(String[] args) {
                        long s = ForkJoinPool.commonPool().invoke(new Sum(0, n));
                        System.out.println(s);
                    }
                }
                """);
        assertEquals(List.of(), r.errors());
        // the split rule halves hi - lo = n - 0 until 1000: ceil(log2(n/1000)) levels, 2^levels leaf tasks
        // (n = 2^20: log2(1048.576) = 10.03, so 11 levels and 2048 leaves)
        assertEquals("ploop  x 2^ceil(log2(n/1000)) [call compute]; simple", JavaSources.describe(r.body("main")));
        assertEquals("if [call work]; simple; call Sum; call Sum; simple; simple; simple",
                JavaSources.describe(r.body("compute")));
        r.dag();
        assertEquals(List.of(), r.errors(), "the recursive splitting is no recursion error");
    }

    @Test
    void countedLoopsGiveTripCounts() {
        assertEquals("loop i x n [call g]", body("for (int i = 1; i <= n; i++) g();"));
        assertEquals("loop i x n [call g]", body("for (int i = n - 1; i >= 0; i--) { g(); }"));
        assertEquals("loop i x n [call g]", body("for (int i = 0; n > i; ++i) { g(); }"));
        assertEquals("loop i x ceil(n/2) [call g]", body("for (int i = 0; i < n; i += 2) { g(); }"));
        assertEquals("loop i x floor((n-1)/s)+1 [call g]", body("for (i = 1; i <= n; i = i + s) { g(); }"));
        assertEquals("loop i x itors/2 [call g]", body("for (int i = 0; i < itors / 2; i++) { g(); }"));
        assertEquals("loop i x ? [call g]", body("for (int i = 0; i < a.length; i++) { g(); }"));
        assertEquals("loop x x ? [call w]", body("for (int x : data) { w(x); }"));
        assertEquals("loop  x ? [call g; call h]", body("while (x > 0) { g(); h(); }"));
        assertEquals("loop  x ? [call w; call g]", body("do { w(1); } while (g());"));
    }

    @Test
    void conditionalsAndBlocks() {
        assertEquals("if [call g | call h | simple]",
                body("if (x > 0) { g(); } else if (x < 0) h(); else { x = 1; }"));
        assertEquals("if [call g | call h; call w | ]",
                body("switch (x) { case 1: g(); break; case 2: h(); w(2); break; default: }"));
        assertEquals("block synchronized [call g]", body("synchronized (lock) { g(); }"));
        assertEquals("call g; call h; call w", body("{ g(); { h(); } }\ntry { w(1); } finally { }"));
    }

    @Test
    void catchBlocksWithStructureAreLeftOutWithAWarning() {
        JavaSources.Result r = JavaSources.method("try { g(); } catch (RuntimeException e) { h(); } finally { w(0); }");
        assertEquals("call g; call w", JavaSources.describe(r.body("f")));
        assertEquals(1, r.warnings().size());
        assertTrue(r.warnings().get(0).startsWith("T.java:3:14: warning: this catch block holds structure"));
    }

    @Test
    void callsInsideLambdasAndMethodReferencesAreCalls() {
        assertEquals("call g; call h", body("someLibrary.withLock(() -> g());\nCollections.sort(items, T::h);"));
        // Util is neither in this file nor in the JDK: a class of another given file, whose apply is called
        assertEquals("call h; call Util.apply", body("Util.apply(T::h);"));
        assertEquals("call g", body("int x = Math.max(1, 2) + g();"));
        assertEquals("simple", body("items.add(3);"));
    }

    @Test
    void threadSubclassesAndAnonymousRunnablesAreTasks() {
        JavaSources.Result r = JavaSources.parse("""
                class T {
                    static class Worker extends Thread {
                        @Override public void run() { step(); }
                    }
                    static void step() { }
                    static void other() { }
                    public static void main(String[] args) throws Exception {
                        Worker w = new Worker();
                        Thread t = new Thread(new Runnable() { public void run() { other(); } });
                        w.start();
                        t.start();
                        w.join();
                    }
                }
                """);
        assertEquals(List.of(), r.errors());
        assertEquals("sections {[call run] [call other]}", JavaSources.describe(r.body("main")));
    }

    @Test
    void invokeAllOfTasksAddedOutsideLoopsIsParallelSections() {
        assertEquals("simple; sections {[call g]@1 [call h]}", body("""
                List<Callable<Object>> tasks = new ArrayList<>();
                //@lcm vars: p = 1
                tasks.add(() -> { g(); return null; });
                tasks.add(Executors.callable(() -> h()));
                pool.invokeAll(tasks);"""));
    }
}
