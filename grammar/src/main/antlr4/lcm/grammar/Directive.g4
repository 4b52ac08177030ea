// Parallel-construct directives: the text after a `c*ksr*` or `!$omp` sentinel (continuation
// lines already joined). A directive is a sequence of words, words with a parenthesized
// argument list (`tile(k, strategy=slice)`, `private(i, j)`), `word=value` flags and commas;
// the front end matches the directive name against the known ones. Any other symbol outside
// parentheses (HPF's `::`, a stray `+`) is an item that is no part of a name or a clause;
// parentheses must balance.
grammar Directive;

standaloneDirective : item* EOF ;

item
    : WORD '(' argument* ')'                    #callItem
    | WORD ('=' (WORD | NUMBER))?               #wordItem
    | ','                                       #commaItem
    | '(' argument* ')'                         #groupItem
    | ~('(' | ')' | WORD | ',')                 #symbolItem
    ;

argument : '(' argument* ')' | ~('(' | ')') ;

WORD : [a-zA-Z_] [a-zA-Z_0-9]* ;
NUMBER : [0-9]+ ('.' [0-9]*)? ;
LPAREN : '(' ;
RPAREN : ')' ;
COMMA : ',' ;
EQUALS : '=' ;
WS : [ \t\r\n]+ -> skip ;
UNRECOGNIZED : . ;
