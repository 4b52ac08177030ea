/**
 * Test program for lcm measure: an empty main, no annotations. The sources mark no fragment and
 * their structure has no code, so not even the thesis' rule (the penultimate nodes) finds one.
 */
public class NoFragments {
    public static void main(String[] args) {
    }
}
