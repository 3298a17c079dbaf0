int counted;

void
count (void)
{
  counted++;
}
