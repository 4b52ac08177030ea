package lcm.trace;

import java.util.Arrays;

/**
 * The runnable tasks, ordered by the time of their next event (ties: lower task index first).
 * A binary heap over task indices with primitive keys: no boxing on the engine's hot path.
 *
 * <p>The keys sit in heap order beside the task indices, so a comparison reads one array. The
 * engine pops the earliest task and, nearly always, pushes a task (the same one, at its next
 * event) before it pops again; {@link #pop()} therefore leaves a hole at the root and the next
 * {@link #push} fills it with one sift-down, instead of a sift-down to remove and a sift-up to
 * insert. The order in which tasks come out is that of (time, task index), whatever the heap's
 * shape, so this changes no result.
 */
final class ClockHeap {

    private int[] heap;
    private double[] keys;
    private int size;
    /** The root was popped and not yet refilled: {@code heap[0]} is not a member. */
    private boolean hole;

    ClockHeap(int tasks) {
        heap = new int[Math.max(1, tasks)];
        keys = new double[Math.max(1, tasks)];
    }

    boolean isEmpty() {
        return size == (hole ? 1 : 0);
    }

    void push(int task, double time) {
        if (hole) {
            hole = false;
            siftDown(0, task, time);
            return;
        }
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
            keys = Arrays.copyOf(keys, size * 2);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            double pk = keys[parent];
            if (!(time < pk || (time == pk && task < heap[parent]))) {
                break;
            }
            heap[i] = heap[parent];
            keys[i] = pk;
            i = parent;
        }
        heap[i] = task;
        keys[i] = time;
    }

    int pop() {
        if (hole) {
            hole = false;
            size--;
            if (size > 0) {
                siftDown(0, heap[size], keys[size]);
            }
        }
        hole = true;
        return heap[0];
    }

    /** Places (task, time) at {@code i} or below, moving smaller children up. */
    private void siftDown(int i, int task, double time) {
        int[] h = heap;
        double[] k = keys;
        int n = size;
        while (true) {
            int c = 2 * i + 1;
            if (c >= n) {
                break;
            }
            double ck = k[c];
            int ct = h[c];
            if (c + 1 < n) {
                double rk = k[c + 1];
                int rt = h[c + 1];
                if (rk < ck || (rk == ck && rt < ct)) {
                    c++;
                    ck = rk;
                    ct = rt;
                }
            }
            if (!(ck < time || (ck == time && ct < task))) {
                break;
            }
            h[i] = ct;
            k[i] = ck;
            i = c;
        }
        h[i] = task;
        k[i] = time;
    }
}
