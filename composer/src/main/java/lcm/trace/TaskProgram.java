package lcm.trace;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;

/**
 * A task held in memory: the form the composer builds from {@code sync:} annotations.
 * <pre>
 * TaskProgram producer = TaskProgram.named("producer").compute(1.0, "produce").post("ready(1)").build();
 * </pre>
 */
public record TaskProgram(String name, double start, List<Step> program) implements TaskStream {

    public TaskProgram {
        Objects.requireNonNull(name, "name");
        program = List.copyOf(program);
    }

    public static Builder named(String name) {
        return new Builder(name);
    }

    @Override
    public Iterator<Step> steps() {
        return program.iterator();
    }

    /** Builds a program step by step. */
    public static final class Builder {
        private final String name;
        private double start;
        private final List<Step> steps = new ArrayList<>();

        private Builder(String name) {
            this.name = name;
        }

        public Builder startAt(double time) {
            this.start = time;
            return this;
        }

        public Builder compute(double seconds, String fragment) {
            return step(Step.compute(seconds, fragment));
        }

        public Builder mark(String text) {
            return step(Step.mark(text));
        }

        public Builder post(String key) {
            return step(Step.post(key));
        }

        public Builder waitFor(String key) {
            return step(Step.waitFor(key));
        }

        public Builder send(String key, double seconds) {
            return step(Step.send(key, seconds));
        }

        public Builder recv(String key, double seconds) {
            return step(Step.recv(key, seconds));
        }

        public Builder barrier(String key) {
            return step(Step.barrier(key, 0));
        }

        public Builder step(Step s) {
            steps.add(Objects.requireNonNull(s, "step"));
            return this;
        }

        public TaskProgram build() {
            return new TaskProgram(name, start, steps);
        }
    }
}
