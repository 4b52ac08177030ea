// Java parameters bound at each call
// expect-dag: serial main(leaf, loop sweep[rows](serial cell(leaf)), ^sweep)
// expect-text: binds rows = n
// expect-text: binds rows = n/2
public class BindJava {
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        sweep(n);
        sweep(n / 2);
    }

    static void sweep(int rows) {
        for (int i = 0; i < rows; i++) {
            cell(i);
        }
    }

    static void cell(int i) {
        double x = i;
    }
}
