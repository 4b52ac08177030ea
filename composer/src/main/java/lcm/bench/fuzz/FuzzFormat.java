package lcm.bench.fuzz;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * One input format under fuzzing: the seed the mutations start from, the name the mutated
 * file gets, unmutated companion files (an include, the other model of a comparison), and the
 * command line that reads it.
 *
 * @param name       a short name (fixed, free, java, annotations, pp, csv, extrap, lcm, machine, sync, mpt,
 *                   paraver, chrome)
 * @param fileName   the mutated file's name
 * @param seed       the seed's bytes
 * @param companions other files written unchanged next to it
 * @param command    the arguments, given the folder and the mutated file
 */
public record FuzzFormat(String name, String fileName, byte[] seed, Map<String, byte[]> companions,
                         BiFunction<Path, Path, List<String>> command) {
}
