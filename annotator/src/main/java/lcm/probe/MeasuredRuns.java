package lcm.probe;

import lcm.source.UserError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The runs recorded in a pp file written by lcm measure: each run's header line
 * {@code # run: p = 2 processors; time T s (...); command C s; n = 256} gives its point (the
 * variables and p) and the program's measured time T; the pp lines after it, up to the next run
 * header, are its fragment executions, whose categories it sums.
 */
public final class MeasuredRuns {

    /**
     * One run: its variables (p included), its measured time in seconds, and the sums of its
     * fragment executions' categories (pc, li, ip, sl: processor-seconds).
     */
    public record Run(Map<String, Double> point, double time, int line, Map<String, Double> categories) {
        public Run {
            categories = Map.copyOf(categories);
        }
    }

    private static final Pattern CATEGORY = Pattern.compile("\\s(pc|li|ip|sl|cl|rc)=([0-9.eE+-]+)");

    private static final Pattern RUN = Pattern.compile(
            "^# run: p = (\\d+) processors; time ([0-9.eE+-]+) s[^;]*;[^;]*(;.*)?$");

    private MeasuredRuns() {
    }

    public static List<Run> read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw UserError.of(file + ": cannot read: " + e.getMessage());
        }
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = RUN.matcher(lines.get(i));
            if (!m.matches()) {
                continue;
            }
            Map<String, Double> point = new LinkedHashMap<>();
            if (m.group(3) != null) {
                for (String kv : m.group(3).substring(1).split(";")) {
                    String[] f = kv.split("=");
                    if (f.length == 2) {
                        point.put(f[0].strip(), Double.parseDouble(f[1].strip()));
                    }
                }
            }
            point.put("p", Double.parseDouble(m.group(1)));
            Map<String, Double> sums = new LinkedHashMap<>();
            for (String c : List.of("pc", "li", "ip", "sl")) {
                sums.put(c, 0.0);
            }
            for (int j = i + 1; j < lines.size() && !lines.get(j).startsWith("# run:"); j++) {
                if (lines.get(j).startsWith("tag=")) {
                    Matcher c = CATEGORY.matcher(lines.get(j));
                    while (c.find()) {
                        sums.merge(c.group(1), Double.parseDouble(c.group(2)), Double::sum);
                    }
                }
            }
            runs.add(new Run(point, Double.parseDouble(m.group(2)), i + 1, sums));
        }
        if (runs.isEmpty()) {
            throw UserError.of(file + ": no run headers ('# run: p = ...'): not a pp file written by lcm measure");
        }
        return runs;
    }
}
