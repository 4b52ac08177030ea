package lcm.probe.agent;

/**
 * The Java agent's event log, defined once for the agent that writes it ({@link Probe}) and for
 * lcm measure, which replays it ({@code lcm.probe.JavaEventLog}) into its accounting
 * ({@code lcm.probe.LostCycles}, whose thread states these are). A chunk of the log is
 * {@code thread id, record count, records...}; a record is three longs,
 * {@code type|state<<8|site<<16, time, exec}.
 */
public final class EventLogFormat {

    /** Record types: a fragment execution begins on this thread (which is now busy in it). */
    public static final int OPEN = 1;
    /** The execution ends. */
    public static final int CLOSE = 2;
    /** A parallel construct called by the execution begins: parallel work exists. */
    public static final int PHASE_BEGIN = 3;
    /** The parallel construct ends. */
    public static final int PHASE_END = 4;
    /** The thread now is in state {@code state} for execution {@code exec}. */
    public static final int STATE = 5;
    /** Bytes per record. */
    public static final int RECORD = 24;

    /** Thread state: busy in the fragment's own code. */
    public static final char BUSY = 'B';
    /** Busy in one of the fragment's tasks. */
    public static final char TASK = 'T';
    /** Waiting, in the fragment's own code. */
    public static final char WAIT = 'W';
    /** Waiting, in one of its tasks. */
    public static final char TASK_WAIT = 'X';
    /** Busy outside every fragment. */
    public static final char OUTSIDE = 'O';
    /** No state yet (a record that carries none). */
    public static final char NONE = 'I';

    private EventLogFormat() {
    }
}
