package lcm.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.time.Duration;

/**
 * A time limit in seconds on the command line ({@code --symbolic-seconds 2.5}): a plain number
 * from 0 to one day, never NaN, infinite or negative.
 */
final class Seconds implements ITypeConverter<Duration> {

    static final double MAX = 86_400;

    @Override
    public Duration convert(String text) {
        double s;
        try {
            s = Double.parseDouble(text.strip());
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + text + "' is not a number of seconds");
        }
        if (!(s >= 0 && s <= MAX) || text.strip().matches("(?i).*(nan|infinity|x).*")) {
            throw new TypeConversionException("'" + text + "' is not a number of seconds from 0 to 86400");
        }
        return Duration.ofNanos(Math.round(s * 1e9));
    }
}
