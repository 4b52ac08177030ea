package lcm.explore;

import lcm.dag.Node;

/**
 * A restructuring lcm would propose if the sources showed it safe: what is missing, and what to
 * annotate so that it is proposed.
 *
 * @param name   the transformation
 * @param target the node it would change
 * @param why    what the annotations do not show, or the conflict they do show
 */
public record Refusal(String name, Node target, String why) {

    public String text() {
        return name + " " + target.name() + " (" + target.span().file().getFileName() + ":" + target.span().line()
                + "): " + why;
    }
}
