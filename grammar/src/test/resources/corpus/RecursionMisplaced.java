// 'recursion:' anywhere but before a recursive fork/join task is a located warning, never ignored silently
// expect-dag: serial main(leaf, serial sweep(leaf))
// expect-warning: RecursionMisplaced.java:9:16: warning: 'recursion:' is ignored here: it attaches to this statement, which invokes no recursive fork/join task
// expect-warning: RecursionMisplaced.java:13:12: warning: 'recursion:' is ignored here: it attaches to the method 'sweep'
public class RecursionMisplaced {
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        double s = 0;
        //@lcm recursion: 4
        sweep(n);
    }

    //@lcm recursion: 2
    static void sweep(int n) {
        for (int i = 0; i < n; i++) {
            Math.sqrt(i);
        }
    }
}
