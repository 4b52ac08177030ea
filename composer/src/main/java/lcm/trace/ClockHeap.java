package lcm.trace;

import java.util.Arrays;

/**
 * The runnable tasks, ordered by the time of their next event (ties: lower task index first).
 * A binary heap over task indices with primitive keys: no boxing on the engine's hot path.
 */
final class ClockHeap {

    private int[] heap;
    private final double[] key;
    private int size;

    ClockHeap(int tasks) {
        heap = new int[Math.max(1, tasks)];
        key = new double[Math.max(1, tasks)];
    }

    boolean isEmpty() {
        return size == 0;
    }

    void push(int task, double time) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        key[task] = time;
        int i = size++;
        heap[i] = task;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!less(heap[i], heap[parent])) {
                break;
            }
            swap(i, parent);
            i = parent;
        }
    }

    int pop() {
        int top = heap[0];
        heap[0] = heap[--size];
        int i = 0;
        while (true) {
            int l = 2 * i + 1;
            if (l >= size) {
                break;
            }
            int c = l + 1 < size && less(heap[l + 1], heap[l]) ? l + 1 : l;
            if (!less(heap[c], heap[i])) {
                break;
            }
            swap(i, c);
            i = c;
        }
        return top;
    }

    private boolean less(int a, int b) {
        return key[a] < key[b] || (key[a] == key[b] && a < b);
    }

    private void swap(int i, int j) {
        int t = heap[i];
        heap[i] = heap[j];
        heap[j] = t;
    }
}
