package lcm.trace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Paraver's own rules for a trace (what its trace reader and the .pcf/.row conventions ask),
 * written independently of lcm's reader so that a writer bug that the reader forgives still
 * shows: the header {@code #Paraver (date at time):END[_ns|_us]:NODES(CPUS,...):NAPPL:TASKS(THREADS:NODE,...)...},
 * record types 1, 2, 3 with their field counts, objects inside the header's model, times
 * within the trace's end, records sorted by time, states of positive length that do not
 * overlap on a thread, logical before physical times, every state value and event type named
 * in the .pcf, and the .row's levels as large as the header's. Returns the broken rules.
 */
public final class ParaverFormatRules {

    private static final Pattern HEADER = Pattern.compile(
            "#Paraver \\(\\d{2}/\\d{2}/\\d{2,4} at \\d{2}:\\d{2}\\):(\\d+)(_ns|_us)?:(\\d+)\\(([0-9,]+)\\):(\\d+):(.*)");
    private static final Pattern APPLICATION = Pattern.compile("(\\d+)\\(([0-9:,]+)\\)(?:,(\\d+))?");

    private ParaverFormatRules() {
    }

    public static List<String> check(Path prv) throws IOException {
        List<String> problems = new ArrayList<>();
        List<String> lines = Files.readAllLines(prv, StandardCharsets.UTF_8);
        Matcher h = lines.isEmpty() ? null : HEADER.matcher(lines.get(0));
        if (h == null || !h.matches()) {
            problems.add("line 1: not a Paraver header: " + (lines.isEmpty() ? "(empty file)" : lines.get(0)));
            return problems;
        }
        long endTime = Long.parseLong(h.group(1));
        int nodes = Integer.parseInt(h.group(3));
        String[] cpusPerNode = h.group(4).split(",");
        if (cpusPerNode.length != nodes) {
            problems.add("header: " + nodes + " nodes but " + cpusPerNode.length + " CPU counts");
        }
        int cpus = 0;
        for (String c : cpusPerNode) {
            cpus += Integer.parseInt(c);
        }
        int applications = Integer.parseInt(h.group(5));
        String[] apps = h.group(6).split(":(?=\\d+\\()");
        List<int[]> threadsPerTask = new ArrayList<>(); // per application: threads of each task
        int communicators = 0;
        for (String a : apps) {
            Matcher m = APPLICATION.matcher(a);
            if (!m.matches()) {
                problems.add("header: bad application '" + a + "'");
                continue;
            }
            String[] tasks = m.group(2).split(",");
            if (tasks.length != Integer.parseInt(m.group(1))) {
                problems.add("header: application declares " + m.group(1) + " tasks but lists " + tasks.length);
            }
            int[] threads = new int[tasks.length];
            for (int i = 0; i < tasks.length; i++) {
                String[] tn = tasks[i].split(":");
                threads[i] = Integer.parseInt(tn[0]);
                int node = Integer.parseInt(tn[1]);
                if (node < 1 || node > nodes) {
                    problems.add("header: task " + (i + 1) + " on node " + node + " of " + nodes);
                }
            }
            threadsPerTask.add(threads);
            communicators += m.group(3) == null ? 0 : Integer.parseInt(m.group(3));
        }
        if (threadsPerTask.size() != applications) {
            problems.add("header: " + applications + " applications but " + threadsPerTask.size() + " described");
        }
        int totalThreads = threadsPerTask.stream().mapToInt(t -> java.util.Arrays.stream(t).sum()).sum();

        Set<Long> statesUsed = new HashSet<>();
        Map<Long, Set<Long>> eventsUsed = new HashMap<>();
        Map<String, Long> lastStateEnd = new HashMap<>();
        long lastTime = 0;
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            String where = "line " + (i + 1) + ": ";
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("c:") || line.startsWith("C:")) {
                if (communicators-- <= 0) {
                    problems.add(where + "communicator line beyond the header's count");
                }
                continue;
            }
            String[] f = line.split(":", -1);
            long[] v = new long[f.length];
            boolean numeric = true;
            for (int k = 0; k < f.length; k++) {
                if (!f[k].matches("[0-9]{1,18}")) {
                    problems.add(where + "field " + (k + 1) + " '" + f[k] + "' is not a whole number");
                    numeric = false;
                    break;
                }
                v[k] = Long.parseLong(f[k]);
            }
            if (!numeric) {
                continue;
            }
            int type = (int) v[0];
            int expected = type == 1 ? 8 : type == 3 ? 15 : -1;
            if (type == 2 ? f.length < 8 || f.length % 2 != 0 : expected < 0 || f.length != expected) {
                problems.add(where + "record type " + type + " with " + f.length + " fields");
                continue;
            }
            object(problems, where, v, 1, cpus, threadsPerTask);
            if (type == 3) {
                object(problems, where, v, 7, cpus, threadsPerTask);
                if (v[6] < v[5] || v[12] < v[11]) {
                    problems.add(where + "a physical time before its logical time");
                }
            }
            long time = v[5];
            if (time < lastTime) {
                problems.add(where + "time " + time + " before the previous record's " + lastTime + " (not sorted)");
            }
            lastTime = Math.max(lastTime, time);
            long last = type == 1 ? v[6] : type == 3 ? Math.max(v[6], v[12]) : time;
            if (last > endTime) {
                problems.add(where + "time " + last + " after the trace's end " + endTime);
            }
            if (type == 1) {
                if (v[6] <= v[5]) {
                    problems.add(where + "state of no duration (Paraver drops it)");
                }
                String thread = v[2] + "." + v[3] + "." + v[4];
                Long previous = lastStateEnd.put(thread, v[6]);
                if (previous != null && v[5] < previous) {
                    problems.add(where + "state overlaps the previous state of thread " + thread);
                }
                statesUsed.add(v[7]);
            } else if (type == 2) {
                for (int k = 6; k + 1 < v.length; k += 2) {
                    eventsUsed.computeIfAbsent(v[k], x -> new HashSet<>()).add(v[k + 1]);
                }
            }
        }
        pcf(problems, sibling(prv, ".pcf"), statesUsed, eventsUsed);
        row(problems, sibling(prv, ".row"), cpus, totalThreads);
        return problems;
    }

    private static void object(List<String> problems, String where, long[] v, int at, int cpus, List<int[]> model) {
        long cpu = v[at];
        long appl = v[at + 1];
        long task = v[at + 2];
        long thread = v[at + 3];
        if (cpu > cpus) {
            problems.add(where + "CPU " + cpu + " of " + cpus);
        }
        if (appl < 1 || appl > model.size() || task < 1 || task > model.get((int) appl - 1).length
                || thread < 1 || thread > model.get((int) appl - 1)[(int) task - 1]) {
            problems.add(where + "thread " + appl + "." + task + "." + thread + " is not in the header");
        }
    }

    private static void pcf(List<String> problems, Path pcf, Set<Long> statesUsed, Map<Long, Set<Long>> eventsUsed)
            throws IOException {
        if (!Files.exists(pcf)) {
            problems.add(pcf.getFileName() + ": missing");
            return;
        }
        Set<Long> states = new HashSet<>();
        Map<Long, Set<Long>> values = new HashMap<>();
        String section = "";
        List<Long> types = new ArrayList<>();
        for (String raw : Files.readAllLines(pcf, StandardCharsets.UTF_8)) {
            String t = raw.strip();
            if (t.isEmpty()) {
                section = section.equals("EVENT_TYPE") || section.equals("VALUES") ? section : "";
                if (section.equals("VALUES")) {
                    section = "";
                }
                continue;
            }
            if (t.matches("[A-Z_]+")) {
                section = t;
                if (t.equals("EVENT_TYPE")) {
                    types.clear();
                }
                continue;
            }
            Matcher m = Pattern.compile("(\\d+)\\s+(\\d+)\\s+\\S.*").matcher(t);
            Matcher named = Pattern.compile("(\\d+)\\s+\\S.*").matcher(t);
            switch (section) {
                case "STATES" -> {
                    if (named.matches()) {
                        states.add(Long.parseLong(named.group(1)));
                    }
                }
                case "EVENT_TYPE" -> {
                    if (m.matches()) {
                        long type = Long.parseLong(m.group(2));
                        types.add(type);
                        values.putIfAbsent(type, null);
                    }
                }
                case "VALUES" -> {
                    if (named.matches()) {
                        for (long type : types) {
                            Set<Long> s = values.get(type);
                            if (s == null) {
                                s = new HashSet<>();
                                values.put(type, s);
                            }
                            s.add(Long.parseLong(named.group(1)));
                        }
                    }
                }
                default -> {
                }
            }
        }
        for (long s : statesUsed) {
            if (!states.contains(s)) {
                problems.add(pcf.getFileName() + ": state " + s + " has no name in STATES");
            }
        }
        eventsUsed.forEach((type, used) -> {
            if (!values.containsKey(type)) {
                problems.add(pcf.getFileName() + ": event type " + type + " is not declared");
            } else if (values.get(type) != null) {
                for (long v : used) {
                    if (!values.get(type).contains(v)) {
                        problems.add(pcf.getFileName() + ": event " + type + " value " + v + " has no name");
                    }
                }
            }
        });
    }

    private static void row(List<String> problems, Path row, int cpus, int threads) throws IOException {
        if (!Files.exists(row)) {
            problems.add(row.getFileName() + ": missing");
            return;
        }
        Map<String, Integer> declared = new HashMap<>();
        Map<String, Integer> listed = new HashMap<>();
        String level = null;
        for (String raw : Files.readAllLines(row, StandardCharsets.UTF_8)) {
            String t = raw.strip();
            Matcher m = Pattern.compile("LEVEL (\\w+) SIZE (\\d+)").matcher(t);
            if (m.matches()) {
                level = m.group(1);
                declared.put(level, Integer.parseInt(m.group(2)));
                listed.put(level, 0);
            } else if (!t.isEmpty() && level != null) {
                listed.merge(level, 1, Integer::sum);
            }
        }
        declared.forEach((l, n) -> {
            if (!n.equals(listed.get(l))) {
                problems.add(row.getFileName() + ": LEVEL " + l + " SIZE " + n + " lists " + listed.get(l) + " names");
            }
        });
        if (!Integer.valueOf(cpus).equals(declared.get("CPU"))) {
            problems.add(row.getFileName() + ": LEVEL CPU SIZE " + declared.get("CPU") + ", the header has " + cpus + " CPUs");
        }
        if (!Integer.valueOf(threads).equals(declared.get("THREAD"))) {
            problems.add(row.getFileName() + ": LEVEL THREAD SIZE " + declared.get("THREAD") + ", the header has "
                    + threads + " threads");
        }
    }

    private static Path sibling(Path prv, String ext) {
        String name = prv.getFileName().toString();
        return prv.resolveSibling(name.substring(0, name.lastIndexOf('.')) + ext);
    }
}
