import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

/**
 * Known-answer program for lcm measure: each fragment spins for parts of known wall-clock length
 * (50-300 ms), so its lost cycles are known by construction. A part spins until the wall clock
 * has moved on by its length; on a busy machine it may end later, and a task may start later
 * than its loop, so the program also reads the clock itself: each part's time ("NAME"), each
 * fragment's time from its first statement to its last ("NAME.wall"), and the time in its
 * parallel loop ("NAME.loop"), summed per name and printed at the end ("part NAME SECONDS").
 * KnownAnswerMeasureTest builds the expected categories from them. (Part names are constants: the
 * first string concatenation of a run bootstraps for tens of milliseconds, inside whatever
 * fragment does it first.)
 */
public class KnownAnswers {

    static volatile long sink;
    static final long MS = 1_000_000L;
    static final Map<String, Double> PARTS = new ConcurrentHashMap<>();

    /** Keeps a processor busy until the wall clock has moved on by nanos; records the time it took as the part's. */
    static void spin(String part, long nanos) {
        long start = System.nanoTime();
        long end = start + nanos;
        while (System.nanoTime() < end) {
            sink++;
        }
        since(part, start);
    }

    /** Adds the time since start to a name's sum. */
    static void since(String name, long start) {
        PARTS.merge(name, (System.nanoTime() - start) * 1e-9, Double::sum);
    }

    //@lcm model: pc = 0.3
    static void left() {
        long t = System.nanoTime();
        spin("left", 300 * MS);
        since("left.wall", t);
    }

    //@lcm model: pc = 0.1
    static void right() {
        long t = System.nanoTime();
        spin("right", 100 * MS);
        since("right.wall", t);
    }

    /** A whole-method fragment left by a return in the middle of a loop: three parts of 50 ms. */
    //@lcm model: pc = 0.15
    static int findFirst() {
        for (int i = 0; i < 10; i++) {
            spin("findFirst", 50 * MS);
            if (i == 2) {
                return i;
            }
        }
        return -1;
    }

    /** A fragment left by an exception after 100 ms, caught by the caller. */
    static void failing() {
        //@lcm fragment thrown
        long t = System.nanoTime();
        spin("thrown", 100 * MS);
        if (sink > 0) {
            since("thrown.wall", t);
            throw new IllegalStateException("on purpose");
        }
        spin("thrown", 100 * MS);
        //@lcm end fragment
    }

    public static void main(String[] args) {
        // warm up the pool, streams and futures outside every fragment
        IntStream.range(0, 4).parallel().forEach(i -> spin("warm-up", 20 * MS));
        CompletableFuture.allOf(CompletableFuture.runAsync(() -> spin("warm-up", MS)),
                CompletableFuture.runAsync(() -> spin("warm-up", MS))).join();
        long t;
        long loop;
        //@lcm fragment serial
        t = System.nanoTime();
        spin("serial", 200 * MS);
        since("serial.wall", t);
        //@lcm end fragment
        //@lcm fragment imbalanced
        t = System.nanoTime();
        loop = System.nanoTime();
        IntStream.range(0, 2).parallel().forEach(i -> spin(i == 0 ? "imbalanced.0" : "imbalanced.1", i == 0 ? 300 * MS : 100 * MS));
        since("imbalanced.loop", loop);
        since("imbalanced.wall", t);
        //@lcm end fragment
        //@lcm fragment balanced
        t = System.nanoTime();
        loop = System.nanoTime();
        IntStream.range(0, 2).parallel().forEach(i -> spin(i == 0 ? "balanced.0" : "balanced.1", 200 * MS));
        since("balanced.loop", loop);
        since("balanced.wall", t);
        //@lcm end fragment
        for (int k = 0; k < 3; k++) {
            //@lcm fragment body
            t = System.nanoTime();
            spin("body", 100 * MS);
            since("body.wall", t);
            //@lcm end fragment
        }
        //@lcm fragment outer
        long outer = System.nanoTime();
        spin("outer", 100 * MS);
        //@lcm fragment inner
        t = System.nanoTime();
        loop = System.nanoTime();
        IntStream.range(0, 2).parallel().forEach(i -> spin(i == 0 ? "inner.0" : "inner.1", 100 * MS));
        since("inner.loop", loop);
        since("inner.wall", t);
        //@lcm end fragment
        //@lcm fragment innerSerial
        t = System.nanoTime();
        spin("innerSerial", 100 * MS);
        since("innerSerial.wall", t);
        //@lcm end fragment
        since("outer.wall", outer);
        //@lcm end fragment
        t = System.nanoTime();
        findFirst();
        since("findFirst.wall", t);
        for (int k = 0; k < 10; k++) {
            //@lcm fragment broken
            t = System.nanoTime();
            spin("broken", 60 * MS);
            if (k == 1) {
                since("broken.wall", t);
                break;
            }
            since("broken.wall", t);
            //@lcm end fragment
        }
        try {
            failing();
        } catch (IllegalStateException expected) {
            sink--;
        }
        CompletableFuture<Void> a = CompletableFuture.runAsync(() -> left());
        CompletableFuture<Void> b = CompletableFuture.runAsync(() -> right());
        CompletableFuture.allOf(a, b).join();
        new TreeMap<>(PARTS).forEach((part, seconds) -> System.out.printf("part %s %.9f%n", part, seconds));
    }
}
