package lcm.trace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names from a Paraver trace's companions: state names from the {@code .pcf}'s STATES section
 * ({@code 1    Running}) and thread names from the {@code .row}'s LEVEL THREAD section, mapped to
 * (application, task, thread) through the {@code .prv} header's application list. Missing
 * companions are fine: states are then called {@code state N} and threads {@code a.t.th}.
 */
final class ParaverNames {

    /** Extrae's event type of MPI collective calls: value 0 leaves the call, others name it. */
    static final long MPI_COLLECTIVE = 50000002L;

    private final Map<Integer, String> states = new HashMap<>();
    private final Map<Long, String> collectives = new HashMap<>();
    private final Map<String, String> threads = new HashMap<>();

    static ParaverNames load(Path prv, String header) {
        ParaverNames names = new ParaverNames();
        names.readStates(companion(prv, ".pcf"));
        names.readThreads(companion(prv, ".row"), header);
        return names;
    }

    private static Path companion(Path prv, String ext) {
        String file = prv.getFileName().toString();
        int dot = file.lastIndexOf('.');
        return prv.resolveSibling((dot > 0 ? file.substring(0, dot) : file) + ext);
    }

    String state(int value) {
        return states.getOrDefault(value, "state " + value);
    }

    /** The name of MPI collective call {@code value} (event type 50000002): {@code MPI_Allreduce}. */
    String collective(long value) {
        return collectives.getOrDefault(value, "MPI collective " + value);
    }

    String thread(int appl, int task, int thread) {
        String key = appl + "." + task + "." + thread;
        return threads.getOrDefault(key, key);
    }

    private void readStates(Path pcf) {
        List<String> lines = lines(pcf);
        boolean inStates = false;
        boolean collectiveType = false;
        boolean inValues = false;
        Pattern value = Pattern.compile("(\\d+)\\s+(.+)");
        for (String line : lines) {
            String t = line.trim();
            if (t.equals("EVENT_TYPE")) {
                collectiveType = false;
                inValues = false;
                inStates = false;
                continue;
            }
            if (t.matches("\\d+\\s+" + MPI_COLLECTIVE + "\\s.*")) {
                collectiveType = true;
                continue;
            }
            if (t.equals("VALUES")) {
                inValues = collectiveType;
                continue;
            }
            if (inValues) {
                Matcher m = value.matcher(t);
                if (m.matches() && m.group(1).length() < 10) {
                    collectives.put(Long.parseLong(m.group(1)), m.group(2).trim());
                } else {
                    inValues = false;
                    collectiveType = false;
                }
                continue;
            }
            if (t.equals("STATES")) {
                inStates = true;
            } else if (inStates) {
                Matcher m = Pattern.compile("(\\d+)\\s+(.+)").matcher(t);
                if (!m.matches() || m.group(1).length() > 9) {
                    inStates = false;
                } else {
                    states.put(Integer.parseInt(m.group(1)), m.group(2).trim());
                }
            }
        }
    }

    /** Thread names in .row order, paired with the (appl, task, thread) order of the header. */
    private void readThreads(Path row, String header) {
        List<String> rowNames = new ArrayList<>();
        boolean inThreads = false;
        for (String line : lines(row)) {
            String t = line.trim();
            if (t.startsWith("LEVEL ")) {
                inThreads = t.startsWith("LEVEL THREAD");
            } else if (inThreads && !t.isEmpty()) {
                String n = t.startsWith("THREAD ") ? t.substring(7).trim() : t;
                rowNames.add(n.replaceAll("\\s+", "_"));
            }
        }
        List<String> order = threadOrder(header, rowNames.size());
        for (int i = 0; i < Math.min(order.size(), rowNames.size()); i++) {
            threads.put(order.get(i), rowNames.get(i));
        }
    }

    /**
     * "a.t.th" of the first {@code limit} threads, in the order of the header's application list
     * (only as many as the .row names: a header may declare far more threads than the file holds).
     */
    static List<String> threadOrder(String header, int limit) {
        List<String> out = new ArrayList<>();
        int close = header.indexOf("):");
        if (close < 0 || limit <= 0) {
            return out;
        }
        // groups NUMBER(TEXT), found by one scan: each character is looked at a bounded number of
        // times, so a header of 100,000 digits reads in linear time (a regular expression searched
        // from every digit took quadratic time)
        boolean nodes = true;
        int appl = 0;
        int pos = close + 2;
        while (true) {
            int open = header.indexOf('(', pos);
            if (open < 0) {
                return out;
            }
            int end = header.indexOf(')', open + 1);
            if (end < 0) {
                return out;
            }
            boolean counted = open > pos && Character.isDigit(header.charAt(open - 1));
            pos = end + 1;
            if (!counted) {
                continue; // no number before '(': not a group
            }
            if (nodes) {
                nodes = false; // the first group is the node list: nNodes(nCpus,...)
                continue;
            }
            appl++;
            String[] tasks = header.substring(open + 1, end).split(",", limit + 2);
            for (int task = 1; task <= tasks.length && task <= limit; task++) {
                String[] tn = tasks[task - 1].split(":");
                int threadsOfTask;
                try {
                    threadsOfTask = Integer.parseInt(tn[0].trim());
                } catch (NumberFormatException e) {
                    return List.of();
                }
                for (int th = 1; th <= threadsOfTask && out.size() < limit; th++) {
                    out.add(appl + "." + task + "." + th);
                }
                if (out.size() >= limit) {
                    return out;
                }
            }
        }
    }

    private static List<String> lines(Path p) {
        try {
            return Files.exists(p) ? Files.readAllLines(p, StandardCharsets.ISO_8859_1) : List.of();
        } catch (IOException e) {
            return List.of();
        }
    }
}
