package io.jvortex.cli;

/** Splits the members of a one-line JSON object (enough JSON for test expectations). */
final class JsonFields {
    private JsonFields() {
    }

    /**
     * @param objectLine a compact JSON object such as {@code {"a":1,"b":{"c":[1,2]}}}
     * @param key a top-level key
     * @return that member's text, {@code "key":value}
     */
    static String member(String objectLine, String key) {
        String wanted = "\"" + key + "\":";
        int depth = 0;
        boolean inString = false;
        int memberStart = 1;
        for (int i = 0; i < objectLine.length(); i++) {
            char c = objectLine.charAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
                continue;
            }
            switch (c) {
                case '"' -> inString = true;
                case '{', '[' -> depth++;
                case '}', ']', ',' -> {
                    if (c != ',') {
                        depth--;
                    }
                    if ((c == ',' && depth == 1) || depth == 0) {
                        String member = objectLine.substring(memberStart, i);
                        if (member.startsWith(wanted)) {
                            return member;
                        }
                        memberStart = i + 1;
                    }
                }
                default -> {
                }
            }
        }
        throw new AssertionError("no member " + key + " in " + objectLine);
    }
}
