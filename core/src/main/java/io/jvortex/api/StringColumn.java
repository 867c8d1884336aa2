package io.jvortex.api;

import io.jvortex.array.Canonical;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

/** UTF-8 strings. Obtained from {@link Column#asStrings()}. */
public final class StringColumn extends BinaryColumn {

    StringColumn(Chunk owner, String name, Canonical array) {
        super(owner, name, array);
    }

    /**
     * Decodes a row (malformed UTF-8 becomes U+FFFD).
     *
     * @param rowIndex a row
     * @return its string, or {@code null} for a null row
     */
    public String getString(int rowIndex) {
        MemorySegment s = getSegment(rowIndex);
        return s == null ? null : new String(s.toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
    }
}
