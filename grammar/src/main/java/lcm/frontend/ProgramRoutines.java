package lcm.frontend;

import lcm.source.Diagnostics;
import lcm.structure.Construct;
import lcm.structure.ParsedFile;
import lcm.structure.Routine;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The routines of a program read from several files, each defined once, and the ones its DAG
 * starts from: the main program, else the routines no other routine calls.
 */
final class ProgramRoutines {

    private ProgramRoutines() {
    }

    /**
     * Every routine of the files by name; a second definition of a name is an error. Two classes'
     * methods of one name in two files (a worker's run() and a PriceStock's run()): the later is
     * known by its class, PriceStock.run.
     */
    static Map<String, Routine> defined(List<ParsedFile> files, Diagnostics diagnostics) {
        Map<String, Routine> routines = new LinkedHashMap<>();
        for (ParsedFile f : files) {
            for (Routine declared : f.routines()) {
                Routine r = declared;
                Routine same = routines.get(r.name());
                if (same != null && !r.isMain() && !r.owner().isEmpty() && !same.owner().isEmpty()
                        && !r.owner().equals(same.owner()) && !routines.containsKey(r.owner() + "." + r.name())) {
                    r = r.named(r.owner() + "." + r.name());
                }
                Routine earlier = routines.putIfAbsent(r.name(), r);
                if (earlier != null) {
                    diagnostics.error(r.span().start(), "routine '" + r.name() + "' is defined twice (first at "
                            + earlier.span().start() + ")");
                }
            }
        }
        return routines;
    }

    /**
     * Where the DAG starts: the main program (more than one is an error; the first is taken);
     * without one, the routines nobody calls (the first routine if every one is called).
     */
    static List<Routine> roots(Map<String, Routine> routines, Map<String, Routine> lookup, Diagnostics diagnostics) {
        List<Routine> mains = routines.values().stream().filter(Routine::isMain).toList();
        if (mains.size() > 1) {
            diagnostics.error(mains.get(1).span().start(), "more than one main program: " + String.join(", ",
                    mains.stream().map(r -> r.name() + " (" + r.span().start() + ")").toList()));
        }
        if (!mains.isEmpty()) {
            return List.of(mains.get(0));
        }
        Set<String> called = new LinkedHashSet<>();
        for (Routine r : routines.values()) {
            collectCalls(r.body(), lookup, called);
        }
        List<Routine> roots = routines.values().stream().filter(r -> !called.contains(r.name())).toList();
        if (roots.isEmpty() && !routines.isEmpty()) {
            return List.of(routines.values().iterator().next());
        }
        return roots;
    }

    private static void collectCalls(List<Construct> body, Map<String, Routine> lookup, Set<String> out) {
        for (Construct c : body) {
            if (c instanceof Construct.Call call) {
                Routine r = lookup.get(call.callee());
                out.add(r == null ? call.callee() : r.name());
            }
            for (List<Construct> inner : c.bodies()) {
                collectCalls(inner, lookup, out);
            }
        }
    }
}
