package lcm.trace;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the predicted trace as a Paraver trace: the {@code .prv} (header, state, event and
 * communication records, sorted by time, times in nanoseconds), the {@code .pcf} that names its
 * states and MPI collective calls, and the {@code .row} that names its threads (docs/traces.md).
 * Each task is one thread (application 1, task i, thread 1) on its own CPU of one node.
 * <ul>
 * <li>Work is a state labelled with its fragment; Extrae's state names keep Extrae's numbers
 *     ({@code Running} 1), other labels are numbered from 32 in the order they first appear.
 *     Names with blanks are fine: they live in the {@code .pcf}, the records hold numbers.</li>
 * <li>A send is a <i>Blocking Send</i> state from its begin to its end and a communication
 *     record (logical send at the begin, physical at the end); a receive is a
 *     <i>Waiting a message</i> state up to the instant it completed (logical receive at its
 *     begin, physical at its end). A send or receive that takes no time has equal logical and
 *     physical times and no state. A post and the wait it released are one message of 0
 *     bytes, tagged by the post's name (1 for the first name, 2 for the next...).</li>
 * <li>A barrier or collective is a state named by the operation from the arrival to the end of
 *     its rest, opened by an event of Extrae's MPI collective type 50000002 naming it and
 *     closed by the value 0; a collective of no duration is the two events at one instant.</li>
 * </ul>
 * The records are kept (one small object each) until the end, to be written sorted by time
 * with the trace's end in the header, as Paraver expects.
 */
public final class ParaverTraceWriter implements EventSink {

    /** Extrae's state numbers, kept for the names Extrae uses. */
    private static final Map<String, Integer> EXTRAE_STATES = Map.ofEntries(
            Map.entry("Idle", 0), Map.entry("Running", 1), Map.entry("Not created", 2),
            Map.entry("Waiting a message", 3), Map.entry("Blocking Send", 4), Map.entry("Synchronization", 5),
            Map.entry("Test/Probe", 6), Map.entry("Scheduling and Fork/Join", 7), Map.entry("Wait/WaitAll", 8),
            Map.entry("Blocked", 9), Map.entry("Immediate Send", 10), Map.entry("Immediate Receive", 11),
            Map.entry("I/O", 12), Map.entry("Group Communication", 13), Map.entry("Tracing Disabled", 14),
            Map.entry("Others", 15), Map.entry("Send Receive", 16));

    static final String SEND_STATE = "Blocking Send";
    static final String RECEIVE_STATE = "Waiting a message";
    private static final int FIRST_OWN_STATE = 32;

    /** One line of the body, with the time it is sorted by and its place in the order of writing. */
    private record Line(long time, long order, String text) {
    }

    /** One side of a message or post/wait pair, waiting for the other. */
    private record Half(int task, long logical, long physical) {
    }

    /** A collective being written: its state grows while the task's next steps are its rest. */
    private record OpenCollective(String name, long begin, long end) {
    }

    private final OutputStream prv;
    private final OutputStream pcf;
    private final OutputStream row;
    private final List<String> names = new ArrayList<>();
    private final List<Line> lines = new ArrayList<>();
    private final Map<String, Integer> states = new LinkedHashMap<>();
    private final Map<String, Integer> collectiveValues = new LinkedHashMap<>();
    private final Map<String, Integer> numberedTags = new HashMap<>();
    private final Map<String, Half> sends = new HashMap<>();
    private final Map<String, Half> receives = new HashMap<>();
    private final Map<String, ArrayDeque<Half>> posts = new HashMap<>();
    private final Map<String, ArrayDeque<Half>> waits = new HashMap<>();
    private OpenCollective[] open = new OpenCollective[0];
    private long order;
    private long lastTime;
    private int nextState = FIRST_OWN_STATE;

    /** Writes the three files into these streams at the end of the run (the caller closes them). */
    public ParaverTraceWriter(OutputStream prv, OutputStream pcf, OutputStream row) {
        this.prv = prv;
        this.pcf = pcf;
        this.row = row;
    }

    @Override
    public void start(List<String> taskNames, List<Double> starts) {
        names.addAll(taskNames);
        open = new OpenCollective[taskNames.size()];
    }

    @Override
    public void event(int task, Step step, double workStart, double time) {
        long begin = ns(workStart);
        long arrival = ns(workStart + step.work());
        long at = ns(time);
        OpenCollective c = open[task];
        if (c != null) {
            if (step.kind() == Step.Kind.MARK && step.fragment().equals(c.name()) && begin == c.end()) {
                open[task] = new OpenCollective(c.name(), c.begin(), at); // the operation's rest
                return;
            }
            closeCollective(task);
        }
        switch (step.kind()) {
            case MARK -> state(task, begin, at, step.fragment());
            case SEND, POST -> {
                if (step.kind() == Step.Kind.SEND && step.info() instanceof Message m) {
                    state(task, begin, at, SEND_STATE);
                    send(m.key(), new Half(task, begin, at), m.size(), tag(m.tag()));
                } else {
                    state(task, begin, at, step.fragment());
                    posts.computeIfAbsent(step.name(), k -> new ArrayDeque<>()).add(new Half(task, at, at));
                    pair(step.name());
                }
            }
            case RECV, WAIT -> {
                if (step.kind() == Step.Kind.RECV && step.info() instanceof Message m) {
                    state(task, begin, at, RECEIVE_STATE);
                    receive(m.key(), new Half(task, begin, at), m.size(), tag(m.tag()));
                } else {
                    state(task, begin, arrival, step.fragment());
                    state(task, arrival, at, RECEIVE_STATE);
                    waits.computeIfAbsent(step.name(), k -> new ArrayDeque<>()).add(new Half(task, arrival, at));
                    pair(step.name());
                }
            }
            case BARRIER -> {
                state(task, begin, arrival, step.fragment());
                open[task] = new OpenCollective(collectiveName(step.name()), arrival, at);
            }
        }
    }

    @Override
    public void end(double length) {
        for (int t = 0; t < open.length; t++) {
            if (open[t] != null) {
                closeCollective(t);
            }
        }
        lines.sort(Comparator.comparingLong(Line::time).thenComparingLong(Line::order));
        try {
            writePrv();
            writePcf();
            writeRow();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private void state(int task, long begin, long end, String label) {
        if (end > begin) { // Paraver drops states of no duration
            add(begin, end, "1:" + thread(task) + ":" + begin + ":" + end + ":" + stateValue(label));
        }
    }

    private void closeCollective(int task) {
        OpenCollective c = open[task];
        open[task] = null;
        int value = collectiveValues.computeIfAbsent(c.name(), k -> collectiveValues.size() + 1);
        String who = thread(task);
        add(c.begin(), c.begin(), "2:" + who + ":" + c.begin() + ":" + ParaverNames.MPI_COLLECTIVE + ":" + value);
        state(task, c.begin(), c.end(), c.name());
        add(c.end(), c.end(), "2:" + who + ":" + c.end() + ":" + ParaverNames.MPI_COLLECTIVE + ":0");
    }

    private void send(String key, Half h, long size, long tag) {
        Half r = receives.remove(key);
        if (r == null) {
            sends.put(key, h);
        } else {
            communication(h, r, size, tag);
        }
    }

    private void receive(String key, Half h, long size, long tag) {
        Half s = sends.remove(key);
        if (s == null) {
            receives.put(key, h);
        } else {
            communication(s, h, size, tag);
        }
    }

    /** A post and the wait it released, first posted, first taken (as the engine pairs them). */
    private void pair(String name) {
        ArrayDeque<Half> p = posts.get(name);
        ArrayDeque<Half> w = waits.get(name);
        while (p != null && w != null && !p.isEmpty() && !w.isEmpty()) {
            communication(p.poll(), w.poll(), 0, tag("post " + name));
        }
    }

    private void communication(Half s, Half r, long size, long tag) {
        add(s.logical(), r.physical(), "3:" + thread(s.task()) + ":" + s.logical() + ":" + s.physical() + ":"
                + thread(r.task()) + ":" + r.logical() + ":" + r.physical() + ":" + size + ":" + tag);
    }

    private void add(long time, long end, String text) {
        lines.add(new Line(time, order++, text));
        lastTime = Math.max(lastTime, Math.max(time, end));
    }

    /** {@code cpu:appl:task:thread} of task {@code i}: its own CPU, application 1, one thread. */
    private static String thread(int i) {
        return (i + 1) + ":1:" + (i + 1) + ":1";
    }

    private int stateValue(String label) {
        String name = pcfName(label);
        return states.computeIfAbsent(name, n -> {
            Integer extrae = EXTRAE_STATES.get(n);
            return extrae != null ? extrae : nextState++;
        });
    }

    /** A numeric MPI tag as it is; any other tag (or a post's name) numbered in the order it first appears. */
    private long tag(String tag) {
        if (!tag.isEmpty() && tag.length() <= 18 && tag.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
            return Long.parseLong(tag);
        }
        return numberedTags.computeIfAbsent(tag, k -> numberedTags.size() + 1);
    }

    /** {@code MPI_Allreduce #3} is the third {@code MPI_Allreduce}: the reader counts them again. */
    static String collectiveName(String key) {
        int hash = key.lastIndexOf(" #");
        return hash > 0 && key.substring(hash + 2).matches("[0-9]+") ? key.substring(0, hash) : key;
    }

    /** A name as a {@code .pcf} line holds it: one line, no surrounding blanks. */
    private static String pcfName(String label) {
        String s = label.replaceAll("[\\r\\n\\t]+", " ").strip();
        return s.isEmpty() ? "(unnamed)" : s;
    }

    /** A seconds value in whole nanoseconds (Paraver's times are integers; a negative time is 0). */
    static long ns(double seconds) {
        return Math.max(0, Math.round(seconds * 1e9));
    }

    private void writePrv() throws IOException {
        PrintWriter out = writer(prv);
        int n = names.size();
        StringBuilder header = new StringBuilder("#Paraver (")
                .append(LocalDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("dd/MM/yyyy 'at' HH:mm")))
                .append("):").append(lastTime).append("_ns:1(").append(n).append("):1:").append(n).append('(');
        for (int i = 0; i < n; i++) {
            header.append(i == 0 ? "" : ",").append("1:1");
        }
        out.println(header.append(')'));
        for (Line l : lines) {
            out.println(l.text());
        }
        finish(out, "the .prv trace");
    }

    private void writePcf() throws IOException {
        PrintWriter out = writer(pcf);
        out.println("DEFAULT_OPTIONS");
        out.println();
        out.println("LEVEL               THREAD");
        out.println("UNITS               NANOSEC");
        out.println("LOOK_BACK           100");
        out.println("SPEED               1");
        out.println("FLAG_ICONS          ENABLED");
        out.println("NUM_OF_STATE_COLORS 1000");
        out.println("YMAX_SCALE          " + Math.max(1, names.size()));
        out.println();
        out.println();
        out.println("DEFAULT_SEMANTIC");
        out.println();
        out.println("THREAD_FUNC          State As Is");
        out.println();
        out.println();
        out.println("STATES");
        states.entrySet().stream().sorted(Map.Entry.comparingByValue())
                .forEach(e -> out.println(e.getValue() + "    " + e.getKey()));
        out.println();
        out.println();
        if (!collectiveValues.isEmpty()) {
            out.println("EVENT_TYPE");
            out.println("9   " + ParaverNames.MPI_COLLECTIVE + "    MPI Collective Comm");
            out.println("VALUES");
            out.println("0   Outside MPI");
            collectiveValues.forEach((name, value) -> out.println(value + "   " + pcfName(name)));
            out.println();
            out.println();
        }
        finish(out, "the .pcf file");
    }

    private void writeRow() throws IOException {
        PrintWriter out = writer(row);
        int n = names.size();
        out.println("LEVEL CPU SIZE " + n);
        for (int i = 1; i <= n; i++) {
            out.println(i + ".lcm");
        }
        out.println();
        out.println("LEVEL NODE SIZE 1");
        out.println("lcm");
        out.println();
        out.println("LEVEL THREAD SIZE " + n);
        for (String name : names) {
            out.println(name.strip().replaceAll("\\s+", "_"));
        }
        finish(out, "the .row file");
    }

    private static PrintWriter writer(OutputStream s) {
        return new PrintWriter(new OutputStreamWriter(s, StandardCharsets.UTF_8));
    }

    private static void finish(PrintWriter out, String what) throws IOException {
        out.flush();
        if (out.checkError()) {
            throw new IOException("cannot write " + what);
        }
    }
}
