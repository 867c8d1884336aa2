package io.jvortex.fuzz;

import io.jvortex.api.ScanOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.expr.Expr;
import io.jvortex.testutil.SampleFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;

/**
 * The expression parser and binder: any text either fails with {@link IllegalArgumentException}
 * (a syntax error with its position, or a type error naming the column) or parses to an expression
 * whose rendering parses back to the same expression; a parsed expression that binds against a
 * sample file's schema then filters a scan of that (valid) file, which must not fail at all.
 */
public final class ExprFuzzer {
    private static final byte[] FILE = load();

    private ExprFuzzer() {
    }

    private static byte[] load() {
        try {
            return SampleFiles.bytes("mixed_default.vortex");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * @param data the expression text, UTF-8 (malformed sequences replaced)
     */
    public static void fuzzerTestOneInput(byte[] data) {
        String text = new String(data, StandardCharsets.UTF_8);
        Expr expr;
        try {
            expr = Expr.parse(text);
        } catch (IllegalArgumentException expected) {
            return;
        }
        String rendered = expr.sql();
        Expr again = Expr.parse(rendered);
        if (!again.equals(expr)) {
            throw new AssertionError("'" + text + "' parses to " + expr + ", rendered as '" + rendered
                    + "', which parses to " + again);
        }
        try (VortexReader r = VortexReader.open(MemorySegment.ofArray(FILE), "mixed_default.vortex",
                Fuzz.OPTIONS)) {
            try {
                expr.bind(r.schema());
            } catch (IllegalArgumentException expected) {
                return;
            }
            Fuzz.drain(r.scan(ScanOptions.builder().filter(expr).build()));
        }
    }
}
