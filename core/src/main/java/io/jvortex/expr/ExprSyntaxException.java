package io.jvortex.expr;

/**
 * The text of an expression does not parse; {@link #position()} is the 0-based character index of the
 * problem, and the message shows it.
 */
public final class ExprSyntaxException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final int position;

    /**
     * @param text the whole expression text
     * @param position 0-based character index of the problem
     * @param problem what is wrong
     */
    public ExprSyntaxException(String text, int position, String problem) {
        super(problem + " at position " + position + ":\n  " + text + "\n  " + " ".repeat(Math.max(0, position)) + "^");
        this.position = position;
    }

    /** @return the 0-based character index of the problem */
    public int position() {
        return position;
    }
}
