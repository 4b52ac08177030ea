/** Test program for lcm measure: nothing parallel, no annotations, so no fragments. */
public class NoFragments {
    public static void main(String[] args) {
        System.out.println("hello");
    }
}
