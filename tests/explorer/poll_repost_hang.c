/* poll_repost_ok.c counting one worker more than it starts: the count
 * never reaches 0, and main re-posts for ever.  Under --sync-only the
 * loop is parked as in poll_repost_ok and, once the workers have left,
 * nothing can change the count: a hang (reported at poll_repost_ok.c's
 * loop). */
#define COUNTED 3
#include "poll_repost_ok.c"
