package lcm.probe.agent;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The Java agent of {@code lcm measure} ({@code -javaagent:lcm-probe.jar=SPEC}). SPEC names a
 * file written by lcm measure: the header and event log paths ({@code out PATH}, {@code log PATH})
 * and one line per fragment site ({@code site TAG SOURCE-FILE FIRST-LINE LAST-LINE ROUTINE},
 * ROUTINE the method's name when the fragment is a whole method, {@code -} for a statement
 * range), found by lcm's front end in the program's sources. The agent instruments the classes
 * compiled from those sources (docs/measure.md).
 */
public final class ProbeAgent {

    private ProbeAgent() {
    }

    public static void premain(String args, Instrumentation inst) throws IOException {
        Path out = null;
        Path log = null;
        List<ProbeTransformer.Site> sites = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(args))) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 2 && f[0].equals("out")) {
                out = Path.of(f[1]);
            } else if (f.length == 2 && f[0].equals("log")) {
                log = Path.of(f[1]);
            } else if (f.length == 6 && f[0].equals("site")) {
                sites.add(new ProbeTransformer.Site(sites.size(), f[1], f[2], Integer.parseInt(f[3]),
                        Integer.parseInt(f[4]), f[5].equals("-") ? null : f[5]));
            }
        }
        if (out == null || log == null) {
            throw new IllegalArgumentException("lcm probe: no 'out' or 'log' line in " + args);
        }
        String[] tags = sites.stream().map(ProbeTransformer.Site::tag).toArray(String[]::new);
        Probe.start(tags, out, log);
        inst.addTransformer(new ProbeTransformer(sites));
    }
}
