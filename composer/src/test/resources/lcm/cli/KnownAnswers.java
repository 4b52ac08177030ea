import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;

/**
 * Known-answer program for lcm measure: each fragment spins for parts of known wall-clock length
 * (50-300 ms), so its lost cycles are known by construction. A part spins until the wall clock
 * has moved on by its length; on a busy machine it may end later, and a task may start later
 * than its loop, so the program also reads the clock itself: each part's time ("NAME"), each
 * fragment's time from its first statement to its last ("NAME.wall"), and the time in its
 * parallel loop ("NAME.loop"), summed per name and printed at the end ("part NAME SECONDS").
 * KnownAnswerMeasureTest builds the expected categories from them. Inside a fragment the program
 * does nothing but spin, read the clock and add (no strings, no maps: the first string
 * concatenation of a run bootstraps for tens of milliseconds inside whatever fragment does it).
 */
public class KnownAnswers {

    static volatile long sink;
    static final long MS = 1_000_000L;
    /** The names the program times, and their sums in nanoseconds (each written by one thread at a time). */
    static final List<String> NAMES = List.of("warm-up", "warm-up.a", "warm-up.b", "serial", "serial.wall",
            "imbalanced.0", "imbalanced.1", "imbalanced.loop", "imbalanced.wall", "balanced.0", "balanced.1",
            "balanced.loop", "balanced.wall", "body", "body.wall", "outer", "outer.wall", "inner.0", "inner.1",
            "inner.loop", "inner.wall", "innerSerial", "innerSerial.wall", "findFirst", "findFirst.wall", "broken",
            "broken.wall", "thrown", "thrown.wall", "left", "left.wall", "right", "right.wall");
    static final long[] SUMS = new long[NAMES.size()];

    static int key(String name) {
        return NAMES.indexOf(name);
    }

    static final int WARM_UP = key("warm-up");
    static final int WARM_UP_A = key("warm-up.a");
    static final int WARM_UP_B = key("warm-up.b");
    static final int SERIAL = key("serial");
    static final int SERIAL_WALL = key("serial.wall");
    static final int IMBALANCED_0 = key("imbalanced.0");
    static final int IMBALANCED_1 = key("imbalanced.1");
    static final int IMBALANCED_LOOP = key("imbalanced.loop");
    static final int IMBALANCED_WALL = key("imbalanced.wall");
    static final int BALANCED_0 = key("balanced.0");
    static final int BALANCED_1 = key("balanced.1");
    static final int BALANCED_LOOP = key("balanced.loop");
    static final int BALANCED_WALL = key("balanced.wall");
    static final int BODY = key("body");
    static final int BODY_WALL = key("body.wall");
    static final int OUTER = key("outer");
    static final int OUTER_WALL = key("outer.wall");
    static final int INNER_0 = key("inner.0");
    static final int INNER_1 = key("inner.1");
    static final int INNER_LOOP = key("inner.loop");
    static final int INNER_WALL = key("inner.wall");
    static final int INNERSERIAL = key("innerSerial");
    static final int INNERSERIAL_WALL = key("innerSerial.wall");
    static final int FINDFIRST = key("findFirst");
    static final int FINDFIRST_WALL = key("findFirst.wall");
    static final int BROKEN = key("broken");
    static final int BROKEN_WALL = key("broken.wall");
    static final int THROWN = key("thrown");
    static final int THROWN_WALL = key("thrown.wall");
    static final int LEFT = key("left");
    static final int LEFT_WALL = key("left.wall");
    static final int RIGHT = key("right");
    static final int RIGHT_WALL = key("right.wall");

    /** Keeps a processor busy until the wall clock has moved on by nanos; records the time it took as the part's. */
    static void spin(int part, long nanos) {
        long start = System.nanoTime();
        long end = start + nanos;
        while (System.nanoTime() < end) {
            sink++;
        }
        SUMS[part] += System.nanoTime() - start;
    }

    /** Adds the time since start to a name's sum: a clock read and an addition, nothing more inside the fragment. */
    static void since(int name, long start) {
        SUMS[name] += System.nanoTime() - start;
    }

    //@lcm model: pc = 0.3
    static void left() {
        long t = System.nanoTime();
        spin(LEFT, 300 * MS);
        since(LEFT_WALL, t);
    }

    //@lcm model: pc = 0.1
    static void right() {
        long t = System.nanoTime();
        spin(RIGHT, 100 * MS);
        since(RIGHT_WALL, t);
    }

    /** A whole-method fragment left by a return in the middle of a loop: three parts of 50 ms. */
    //@lcm model: pc = 0.15
    static int findFirst() {
        for (int i = 0; i < 10; i++) {
            spin(FINDFIRST, 50 * MS);
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
        spin(THROWN, 100 * MS);
        if (sink > 0) {
            since(THROWN_WALL, t);
            throw new IllegalStateException("on purpose");
        }
        spin(THROWN, 100 * MS);
        //@lcm end fragment
    }

    public static void main(String[] args) {
        // warm up the pool, streams and futures outside every fragment
        IntStream.range(0, 4).parallel().forEach(i -> sink += i);
        CompletableFuture.allOf(CompletableFuture.runAsync(() -> spin(WARM_UP_A, MS)),
                CompletableFuture.runAsync(() -> spin(WARM_UP_B, MS))).join();
        spin(WARM_UP, 20 * MS);
        long t;
        long loop;
        //@lcm fragment serial
        t = System.nanoTime();
        spin(SERIAL, 200 * MS);
        since(SERIAL_WALL, t);
        //@lcm end fragment
        //@lcm fragment imbalanced
        t = System.nanoTime();
        loop = System.nanoTime();
        IntStream.range(0, 2).parallel()
                .forEach(i -> spin(i == 0 ? IMBALANCED_0 : IMBALANCED_1, i == 0 ? 300 * MS : 100 * MS));
        since(IMBALANCED_LOOP, loop);
        since(IMBALANCED_WALL, t);
        //@lcm end fragment
        //@lcm fragment balanced
        t = System.nanoTime();
        loop = System.nanoTime();
        IntStream.range(0, 2).parallel().forEach(i -> spin(i == 0 ? BALANCED_0 : BALANCED_1, 200 * MS));
        since(BALANCED_LOOP, loop);
        since(BALANCED_WALL, t);
        //@lcm end fragment
        for (int k = 0; k < 3; k++) {
            //@lcm fragment body
            t = System.nanoTime();
            spin(BODY, 100 * MS);
            since(BODY_WALL, t);
            //@lcm end fragment
        }
        //@lcm fragment outer
        long outer = System.nanoTime();
        spin(OUTER, 100 * MS);
        //@lcm fragment inner
        t = System.nanoTime();
        loop = System.nanoTime();
        IntStream.range(0, 2).parallel().forEach(i -> spin(i == 0 ? INNER_0 : INNER_1, 100 * MS));
        since(INNER_LOOP, loop);
        since(INNER_WALL, t);
        //@lcm end fragment
        //@lcm fragment innerSerial
        t = System.nanoTime();
        spin(INNERSERIAL, 100 * MS);
        since(INNERSERIAL_WALL, t);
        //@lcm end fragment
        since(OUTER_WALL, outer);
        //@lcm end fragment
        t = System.nanoTime();
        findFirst();
        since(FINDFIRST_WALL, t);
        for (int k = 0; k < 10; k++) {
            //@lcm fragment broken
            t = System.nanoTime();
            spin(BROKEN, 60 * MS);
            if (k == 1) {
                since(BROKEN_WALL, t);
                break;
            }
            since(BROKEN_WALL, t);
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
        for (int i = 0; i < NAMES.size(); i++) {
            System.out.printf("part %s %.9f%n", NAMES.get(i), SUMS[i] * 1e-9);
        }
    }
}
