package io.jvortex.internal.encodings.contract;

import io.jvortex.dtype.DType;
import io.jvortex.spi.WriteNode;
import java.util.List;

/**
 * One contract case: a node tree of the encoding under test and the rows a naive model says it stands
 * for, in {@link io.jvortex.array.TestSupport#rows} form.
 *
 * @param node the node tree (its root has the encoding's id)
 * @param dtype the dtype to decode it as
 * @param length the row count to decode
 * @param rows the expected rows
 */
public record Built(WriteNode node, DType dtype, int length, List<Object> rows) {
    /** Checks the row count. */
    public Built {
        if (rows.size() != length) {
            throw new IllegalArgumentException(rows.size() + " expected rows for length " + length);
        }
    }
}
