import java.util.List;
import java.util.stream.IntStream;

/**
 * Every way into and out of a fragment the Java agent handles, with known execution counts
 * (WaysOutTest): continue and labelled break out of a fragment in a loop body, switch cases
 * jumping out, a try/catch inside a fragment, an exception thrown out of a fragment, a fragment
 * inside a lambda, a fragment inside a synchronized block, a whole method returning from several
 * places.
 */
public class WaysOut {

    static volatile long sink;
    static final Object LOCK = new Object();

    //@lcm model: pc = 1
    static int whole(int k) {
        if (k == 0) {
            return 0;
        }
        for (int i = 0; i < k; i++) {
            if (i == 3) {
                return i;
            }
            sink += i;
        }
        return -1;
    }

    static int kind(int i) {
        //@lcm fragment switched
        switch (i % 3) {
            case 0:
                return 0;
            case 1:
                sink++;
                break;
            default:
                sink--;
        }
        //@lcm end fragment
        return 1;
    }

    public static void main(String[] args) {
        outer:
        for (int i = 0; i < 10; i++) {
            //@lcm fragment continued
            if (i % 2 == 0) {
                continue;
            }
            if (i == 7) {
                break outer;
            }
            sink += i;
            //@lcm end fragment
        }
        for (int i = 0; i < 6; i++) {
            kind(i);
        }
        //@lcm fragment caught
        for (int i = 0; i < 4; i++) {
            try {
                if (i % 2 == 0) {
                    throw new IllegalStateException("inside");
                }
                sink++;
            } catch (IllegalStateException e) {
                sink--;
            }
        }
        //@lcm end fragment
        try {
            //@lcm fragment thrower
            sink++;
            if (sink != Long.MIN_VALUE) {
                throw new IllegalArgumentException("out");
            }
            //@lcm end fragment
        } catch (IllegalArgumentException e) {
            sink--;
        }
        //@lcm fragment streamed
        IntStream.range(0, 4).parallel().forEach(i -> {
            //@lcm fragment lambdaBody
            sink += i;
            //@lcm end fragment
        });
        //@lcm end fragment
        synchronized (LOCK) {
            //@lcm fragment locked
            sink++;
            //@lcm end fragment
        }
        //@lcm iterations: 3
        for (int k : List.of(0, 2, 5)) {
            whole(k);
        }
    }
}
