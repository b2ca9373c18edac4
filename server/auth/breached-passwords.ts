/**
 * The most common passwords of published breach corpora (and the words they are built on), plus words of this
 * product's own context. The rules of spec §5 already refuse most of them as typed ('123456', 'password'); what
 * this list catches is the dressed-up form people use to get past such rules: 'Summer2024!', 'P@ssw0rd-2025',
 * 'Welcome#1357', 'Qwerty!2468'. A password is refused when, after folding case and undoing the usual digit and
 * symbol substitutions, what is left between its leading and trailing digits and symbols is one of these words
 * (or one of them repeated).
 */
const commonWords = `
password passwort passe contrasena senha wachtwoord haslo parola
welcome hello letmein login admin administrator root user guest test tester demo default changeme secret
qwerty qwertz azerty asdf asdfgh asdfghjkl zxcvbn zxcvbnm qazwsx qwertyuiop wsxedc
iloveyou loveyou love lovely lover trustno trustnoone whatever nothing something anything
monkey dragon master shadow superman batman spiderman ironman pokemon starwars jedi yoda
football baseball basketball soccer hockey golf tennis yankees cowboys steelers lakers
sunshine princess flower butterfly angel angels baby babygirl sweetie honey cookie cheese chocolate
michael jennifer jessica ashley amanda michelle nicole daniel david robert thomas william james charlie
jordan justin andrew joshua matthew anthony george harley hunter ranger buster tigger pepper ginger maggie
summer winter spring autumn fall january february march april june july august september october november december
monday friday sunday weekend holiday christmas easter
freedom liberty america usa canada london paris
computer internet google facebook linkedin microsoft apple samsung windows
mustang corvette ferrari porsche mercedes ford chevy
killer ninja pirate warrior soldier hero legend
access security secure private passpass pass word letme open sesame
abc abcd qwer zaq zaq1 xsw edc
family friends forever together happy smile lucky
jesus god heaven blessed faith hope
cognitive assessment clinic clinician technician hospital doctor nurse patient health medical memory brain
`;

const commonSet: ReadonlySet<string> = new Set(commonWords.split(/\s+/).filter((word) => word.length >= 3));

/** Digit and symbol substitutions people use for letters; 1 may stand for i or l, so both are tried. */
const substitutions: Readonly<Record<string, string>> = {
  '0': 'o',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
  '+': 't',
};

function undoSubstitutions(text: string, one: 'i' | 'l'): string {
  return Array.from(text, (ch) => (ch === '1' ? one : (substitutions[ch] ?? ch))).join('');
}

/** What is left between the leading and trailing characters that are not letters. */
function core(text: string): string {
  return text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
}

/** 'passwordpassword' and 'qwertyqwerty' are the same weak word twice. */
function isRepeatedWord(text: string): boolean {
  for (let size = 3; size <= text.length / 2; size += 1) {
    if (text.length % size !== 0) continue;
    const unit = text.slice(0, size);
    if (unit.repeat(text.length / size) === text && commonSet.has(unit)) return true;
  }
  return false;
}

function isCommonCore(text: string): boolean {
  const word = core(text);
  return word.length > 0 && (commonSet.has(word) || isRepeatedWord(word));
}

/**
 * Whether the password is a common breached password in disguise. The leading and trailing digits and symbols
 * are stripped before the substitutions are undone (so 'Summer2024!' is 'summer'), and again after (so
 * 'P@ssw0rd!' is 'password').
 */
export function isCommonPassword(password: string): boolean {
  const folded = password.normalize('NFKC').toLowerCase();
  const stripped = core(folded);
  const candidates = [folded, stripped, undoSubstitutions(stripped, 'i'), undoSubstitutions(stripped, 'l')];
  return candidates.some(isCommonCore);
}
