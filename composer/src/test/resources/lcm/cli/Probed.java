import java.util.stream.IntStream;

/** Test program for lcm measure's error paths: one fragment, then succeeds, fails or is killed. */
public class Probed {

    static volatile double sink;

    //@lcm model: pc = 1
    static void work() {
        IntStream.range(0, 2).parallel().forEach(i -> {
            for (int k = 0; k < 1_000_000; k++) {
                sink += k;
            }
        });
    }

    public static void main(String[] args) throws Exception {
        work();
        String mode = args.length > 0 ? args[0] : "";
        if (mode.equals("fail")) {
            System.err.println("probed: failing on purpose");
            System.exit(3);
        }
        if (mode.equals("kill")) {
            new ProcessBuilder("kill", "-9", Long.toString(ProcessHandle.current().pid())).start().waitFor();
            Thread.sleep(10_000);
        }
    }
}
