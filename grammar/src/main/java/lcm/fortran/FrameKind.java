package lcm.fortran;

/** The kinds of block the Fortran block builder keeps open, with their opening and closing words. */
enum FrameKind {
    UNIT("program unit", "end"),
    DO("do", "end do"),
    IF("if", "end if"),
    SELECT("select case", "end select"),
    WHERE("where", "end where"),
    TILE("tile", "end tile"),
    SECTIONS("parallel sections", "end parallel sections"),
    REGION("parallel", "end parallel"),
    ONE("single", "end single"),
    BLOCK("block", "end"),
    TASK("task", "end task"),
    FRAGMENT("fragment", "end fragment");

    final String opener;
    final String closer;

    FrameKind(String opener, String closer) {
        this.opener = opener;
        this.closer = closer;
    }
}
