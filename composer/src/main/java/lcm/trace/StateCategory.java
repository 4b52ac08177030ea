package lcm.trace;

import java.util.Locale;
import java.util.Set;

/**
 * What a piece of a task's time is, for the critical-path report: computation, sending,
 * receiving, a collective operation, or waiting (blocked in a wait, receive or barrier until
 * another task releases it). Sends and receives are known from the step kind; computation
 * labels are classified by name, so that a Paraver state such as {@code Group Communication}
 * or a Chrome slice named {@code MPI_Allreduce} counts as a collective, not as computation.
 */
public enum StateCategory {
    COMPUTATION("computation"), SEND("send"), RECEIVE("receive"), COLLECTIVE("collective"), WAIT("wait");

    private final String word;

    StateCategory(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    /** MPI collective operations, by the name after {@code MPI_} (lower case). */
    private static final Set<String> COLLECTIVES = Set.of("allreduce", "reduce", "barrier", "bcast", "allgather",
            "allgatherv", "alltoall", "alltoallv", "alltoallw", "gather", "gatherv", "scatter", "scatterv", "scan",
            "exscan", "reduce_scatter", "reduce_scatter_block", "ibarrier", "iallreduce", "ibcast", "ireduce",
            "iallgather", "ialltoall");

    /** Whether a state or slice name names a collective operation ({@code MPI_Allreduce}, {@code Group Communication}). */
    public static boolean isCollective(String label) {
        String l = label.trim().toLowerCase(Locale.ROOT);
        if (l.equals("group communication") || l.equals("synchronization") || l.equals("barrier")) {
            return true;
        }
        if (l.startsWith("mpi_")) {
            return COLLECTIVES.contains(l.substring(4));
        }
        return l.startsWith("nccl") && (l.contains("allreduce") || l.contains("broadcast") || l.contains("allgather")
                || l.contains("reducescatter"));
    }

    /** The category of work labelled {@code label} (a fragment or state name). */
    public static StateCategory ofLabel(String label) {
        if (isCollective(label)) {
            return COLLECTIVE;
        }
        String l = label.trim().toLowerCase(Locale.ROOT);
        return switch (l) {
            case "send", "immediate send", "blocking send", "mpi_send", "mpi_isend", "mpi_ssend", "mpi_bsend",
                 "mpi_rsend" -> SEND;
            case "recv", "receive", "immediate receive", "waiting a message", "wait/waitall", "test/probe",
                 "send receive", "mpi_recv", "mpi_irecv", "mpi_wait", "mpi_waitall", "mpi_sendrecv" -> RECEIVE;
            default -> COMPUTATION;
        };
    }

    /** The category of the work before a step's event. */
    public static StateCategory of(Step s) {
        return switch (s.kind()) {
            case SEND -> SEND;
            case RECV -> RECEIVE;
            default -> ofLabel(s.fragment());
        };
    }
}
