package lcm.cli;

import lcm.values.Point;
import lcm.values.Ranges;
import lcm.values.Scale;
import picocli.CommandLine.ITypeConverter;

/**
 * The picocli converters of the values every command types the same way (lcm.values parses
 * them): a point ({@code --at}, {@code --fix}, {@code --bars}, validate's and measure's
 * {@code --vars}), ranges ({@code --range}) and scales ({@code --scale}). A bad value is a user
 * error naming the option, raised while the command line is parsed; {@link Cli} prints it as
 * every other user error (exit 2).
 */
final class Converters {

    private Converters() {
    }

    /** A point typed after {@code option}: {@code n=1024,p=26}. */
    private abstract static class PointOption implements ITypeConverter<Point> {
        private final String option;

        PointOption(String option) {
            this.option = option;
        }

        @Override
        public Point convert(String text) {
            return Point.parse(text, option);
        }
    }

    /** {@code --at n=1024,p=26}. */
    static final class At extends PointOption {
        At() {
            super("--at");
        }
    }

    /** {@code --fix itors=16} (repeatable; {@link Point#merge} joins them). */
    static final class Fix extends PointOption {
        Fix() {
            super("--fix");
        }
    }

    /** {@code --bars n=1024,p=26}. */
    static final class Bars extends PointOption {
        Bars() {
            super("--bars");
        }
    }

    /**
     * {@code lcm validate --vars itors=16}: values of the model's variables; {@code lcm measure
     * --vars n=256,p=2}: the variables of a run.
     */
    static final class Vars extends PointOption {
        Vars() {
            super("--vars");
        }
    }

    /** {@code --range n=64:1024,p=1:32}, lists and geometric ranges. */
    static final class RangeList implements ITypeConverter<Ranges> {
        @Override
        public Ranges convert(String text) {
            return Ranges.parse(text);
        }
    }

    /** {@code --scale produce=2} or {@code --scale 0.5}. */
    static final class ScaleFactor implements ITypeConverter<Scale> {
        @Override
        public Scale convert(String text) {
            return Scale.parse(text, "--scale");
        }
    }
}
