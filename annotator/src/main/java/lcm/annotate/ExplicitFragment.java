package lcm.annotate;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * How annotate marks an implicit fragment (one the sources do not mark, {@link lcm.dag.ImplicitFragments})
 * that needs it ({@link #needed}): a {@code fragment NAME} line before it, after its model lines, and an {@code end fragment NAME}
 * line after it. NAME is the implicit name with every character that cannot stand in a name
 * written {@code _} ({@code work:16} is {@code work_16}, {@code work:15#2} is {@code work_15_2}),
 * so that the name carries the implicit one: data tagged {@code work:16}, measured before the
 * marking, keep naming the fragment ({@link TagSites}), and runs measured after it are tagged
 * {@code work_16}.
 *
 * @param name       the fragment's name in the sources
 * @param open       the {@code fragment NAME} line (continued on more where a long name does not fit)
 * @param closeBefore the line the {@code end fragment NAME} line goes before (one past the
 *                   construct, past the {@code !$omp end do} of a loop)
 * @param close      the {@code end fragment NAME} line (continued likewise)
 */
record ExplicitFragment(String name, List<String> open, int closeBefore, List<String> close) {

    /** An implicit fragment's name: {@code ROUTINE:LINE}, perhaps with {@code #K} for a repeated one. */
    private static final Pattern IMPLICIT = Pattern.compile("^.+:\\d+(#\\d+)?$");
    private static final Pattern NOT_IN_NAME = Pattern.compile("[^A-Za-z0-9_]");
    /** The OpenMP directive that closes a loop's worksharing ({@code end do}, {@code end parallel do}, ...). */
    private static final Pattern LOOP_END = Pattern.compile("^end\\s*(parallel\\s*)?do(\\s*simd)?(\\s+nowait)?\\s*$");

    /**
     * Whether annotate marks {@code site} with {@code fragment} lines when it writes its models: an
     * implicit fragment called {@code ROUTINE:LINE}, which a model alone would make a fragment of
     * another name (a routine's only parallel loop, called after the routine, keeps its name with a
     * model alone; a whole routine is marked by its model).
     */
    static boolean needed(FragmentSite site) {
        return site.implicit() && !site.routine() && isImplicitName(site.name());
    }

    /** Whether {@code tag} has the form of an implicit fragment's name. */
    static boolean isImplicitName(String tag) {
        return IMPLICIT.matcher(tag).matches();
    }

    /** The name annotate gives the implicit fragment called {@code implicitName}. */
    static String name(String implicitName) {
        return NOT_IN_NAME.matcher(implicitName).replaceAll("_");
    }

    /**
     * The lines that mark {@code site}, an implicit fragment that is not a whole routine.
     *
     * @param anchor the line its model lines and the {@code fragment} line go before
     * @param columns the last column an annotation line may use
     */
    static ExplicitFragment of(FragmentSite site, SourceLines source, int anchor, int columns) {
        CommentStyle style = site.style();
        String leadIn = style.newLeadIn(CommentStyle.indentOf(source.line(anchor)));
        String name = name(site.name());
        List<String> open = ContinuedLines.split(leadIn, "fragment " + name, columns);
        List<String> close = ContinuedLines.split(leadIn, "end fragment " + name, columns);
        int after = site.lastLine() + 1;
        if (site.loop() && style != CommentStyle.JAVA) {
            while (after <= source.size() && isLoopEnd(source.line(after), style)) {
                after++;
            }
        }
        return new ExplicitFragment(name, open, after, close);
    }

    /** The edit that writes the {@code end fragment} line. */
    SourceEdit closing() {
        return new SourceEdit(closeBefore, List.of(), close);
    }

    private static boolean isLoopEnd(String line, CommentStyle style) {
        String low = line.toLowerCase(Locale.ROOT);
        String text;
        if (style == CommentStyle.FIXED && low.length() >= 5 && "c*!".indexOf(low.charAt(0)) >= 0
                && low.startsWith("$omp", 1)) {
            text = low.substring(5);
        } else if (low.strip().startsWith("!$omp")) {
            text = low.strip().substring(5);
        } else {
            return false;
        }
        return LOOP_END.matcher(text.strip()).matches();
    }
}
