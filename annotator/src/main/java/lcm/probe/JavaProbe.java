package lcm.probe;

import lcm.source.UserError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A Java program under lcm's agent (docs/measure.md, "Java: the agent"): the agent jar and its
 * spec (the fragments' lines) written into the work folder, the java command given the agent and
 * the processors, and the threads' transitions read back from the binary log.
 */
final class JavaProbe implements ProgramProbe {

    private final ProbeRun.Request request;
    private final Path work;
    private final Path events;
    private final Path log;

    JavaProbe(ProbeRun.Request request, Path work, Path events) {
        this.request = request;
        this.work = work;
        this.events = events;
        this.log = work.resolve("events.bin");
    }

    static boolean isJava(List<String> command) {
        String first = Path.of(command.get(0)).getFileName().toString();
        return first.equals("java");
    }

    /**
     * The java command with the probe: the agent, the processors, and the probe's methods kept out
     * of the program's compiled code. Inlined, a branch in the probe that the warm-up never took
     * (two executions of one fragment open at once, as in a task-parallel program) made the JIT
     * throw away the compiled kernel that held it, which then ran interpreted until it was compiled
     * again: a short run took 2-6 times as long (docs/measure.md, "Overhead"). Called, not
     * inlined, the probe costs a few nanoseconds per call more, and such a branch recompiles only
     * the probe's method.
     */
    static List<String> javaCommand(List<String> command, Path agentJar, Path spec, int processors) {
        List<String> cmd = new ArrayList<>();
        cmd.add(command.get(0));
        cmd.add("-javaagent:" + agentJar + "=" + spec);
        cmd.add("-XX:ActiveProcessorCount=" + processors);
        cmd.add("-XX:CompileCommand=quiet"); // CompileCommand would otherwise print to the program's output
        cmd.add("-XX:CompileCommand=dontinline,lcm.probe.agent.Probe::*");
        cmd.addAll(command.subList(1, command.size()));
        return cmd;
    }

    @Override
    public Launch prepare() {
        Path jar = AgentJar.in(work);
        Path spec = work.resolve("probe.spec");
        write(spec, "out " + events + "\nlog " + log + "\n" + request.sites().agentSpec());
        return new Launch(javaCommand(request.command(), jar, spec, request.processors()), Map.of(),
                "java " + System.getProperty("java.version")
                        + " (the command's JVM; ForkJoin common pool of p - 1 workers)",
                "Java agent: ASM bytecode instrumentation of every way into and out of each fragment's lines, "
                        + "of their tasks, parallel constructs and waits; System.nanoTime transitions per thread",
                List.of());
    }

    @Override
    public String nothingRecorded() {
        return "";
    }

    @Override
    public Map<Integer, String> tags(ProbeEvents ev, List<String> warnings) {
        Map<Integer, String> tags = new HashMap<>();
        ev.sites().forEach((site, where) -> tags.put(site, where[1]));
        return tags;
    }

    @Override
    public void replay(ProbeEvents ev, LostCycles sweep) {
        JavaEventLog.replay(log, sweep);
    }

    @Override
    public String noneMeasured(ProbeEvents ev) {
        return "none of the fragments in the sources executed";
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw UserError.of(file + ": cannot write: " + e.getMessage());
        }
    }
}
