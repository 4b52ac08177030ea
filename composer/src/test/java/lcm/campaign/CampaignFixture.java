package lcm.campaign;

import lcm.cli.CliRun;
import lcm.source.SourceRegistry;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Campaigns of the test program Spin.java (and of the bundled FFT) in a test's folder, and what their pp files hold. */
final class CampaignFixture {

    static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    private CampaignFixture() {
    }

    /** Spin.java copied into {@code dir}. */
    static void spin(Path dir) throws IOException {
        try (InputStream in = CampaignFixture.class.getResourceAsStream("Spin.java")) {
            Files.write(dir.resolve("Spin.java"), in.readAllBytes());
        }
    }

    /** {@code lcm plan} of Spin.java in {@code dir}: the campaign file {@code dir/NAME.json}. */
    static Path planSpin(Path dir, String name, String vars, String procs, String... more) throws IOException {
        spin(dir);
        List<String> args = new ArrayList<>(List.of("plan", "--workdir", dir.toString(), "--out",
                dir.resolve(name + ".json").toString(), "--vars", vars, "--procs", procs));
        args.addAll(List.of(more));
        args.addAll(List.of("--", JAVA, "-Dms={ms}", "Spin.java"));
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, r.code(), r.err());
        return dir.resolve(name + ".json");
    }

    static CampaignLayout read(Path file) {
        return CampaignFile.read(file, new SourceRegistry());
    }

    /** One run as a pp file holds it: its task (from its mark), its point (from its header), its data lines. */
    record Run(int task, String point, int headers, List<String> lines) {
    }

    private static final Pattern RUN = Pattern.compile("^# run: p = (\\d+) processors;.*?;[^;]*; (.*)$");

    /** The runs of campaign {@code name} in {@code pp}, in the file's order; fails on lines outside a run. */
    static List<Run> runs(Path pp, String name) throws IOException {
        List<Run> out = new ArrayList<>();
        Integer task = null;
        String point = null;
        int headers = 0;
        List<String> lines = new ArrayList<>();
        for (String l : Files.readString(pp, StandardCharsets.UTF_8).split("\n")) {
            var mark = RunMark.parse(l);
            if (mark.isPresent() && mark.get().campaign().equals(name)) {
                if (task != null) {
                    out.add(new Run(task, point, headers, lines));
                }
                task = mark.get().task();
                point = null;
                headers = 0;
                lines = new ArrayList<>();
                continue;
            }
            if (task == null) {
                throw new AssertionError(pp + ": a line before the first run mark: " + l);
            }
            Matcher m = RUN.matcher(l);
            if (m.matches()) {
                headers++;
                point = m.group(2).replace(" = ", "=").replace("; ", " ") + " p=" + m.group(1);
            } else if (l.startsWith("tag=")) {
                lines.add(l);
            }
        }
        if (task != null) {
            out.add(new Run(task, point, headers, lines));
        }
        return out;
    }
}
