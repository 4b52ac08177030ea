// The lcm annotation language (docs/annotations.md). One grammar for every host language:
// the front ends strip the comment sentinel and hand the rest of the line here.
// Keywords are case-insensitive and may also be used as names.
grammar Annotation;

standaloneAnnotation : annotation EOF ;
standaloneExpression : expression EOF ;
standaloneFormulaList : expression (','? expression)* EOF ;
standaloneMachineLine : machineKey '=' expression EOF ;
// a machine file's key: a word, or words joined by '-' (loop-java, cache-l1d); its text is the line's own
machineKey : identifier ('-' identifier)* ;
standaloneBindings : binding (',' binding)* EOF ;

annotation
    : FRAGMENT identifier                                          #fragmentStart
    | END FRAGMENT identifier?                                     #fragmentEnd
    | INPUT ':' dataItem (',' dataItem)*                           #inputAnnotation
    | OUTPUT ':' dataItem (',' dataItem)*                          #outputAnnotation
    | MODEL ':' modelAssign                                        #modelOne
    | MODEL ':' '{' modelAssign (',' modelAssign)* ','? '}'        #modelBlock
    | VARS ':' binding (',' binding)*                              #varsAnnotation
    | ITERATIONS ':' expression                                    #iterationsAnnotation
    | RECURSION ':' expression                                     #recursionAnnotation
    | POOL ':' identifier                                          #poolAnnotation
    | INDEPENDENT                                                  #independentAnnotation
    | PROBABILITY ':' expression                                   #probabilityAnnotation
    | SIZE ':' dataItem '=' expression                             #sizeAnnotation
    | SYNC ':' syncKind identifier ('(' expression (',' expression)* ')')?   #syncAnnotation
    | MEASURED '-' IN ':' .+?                                      #measuredIn
    | FITTED '-' ON ':' fitRange (',' fitRange)*                   #fittedOn
    | CONTENTION ':' contentionValue (',' contentionValue)*        #contention
    | PARALLEL SECTIONS                                            #parallelSections
    | SECTION                                                      #section
    | END PARALLEL SECTIONS                                        #endParallelSections
    | TILE '(' identifier (',' tileOption)* ')'                    #tile
    | END TILE                                                     #endTile
    | ENDTILE                                                      #endTile2
    ;

syncKind : POST | WAIT ;

modelAssign : identifier '=' expression ;

binding : identifier '=' expression ;

fitRange : identifier '=' signedNumber (':' signedNumber)? ;

signedNumber : ('-' | '+')? NUMBER ;

// contention: slowdown = 1.21, at = 1.064, pressure = 1.05 (docs/annotations.md)
contentionValue : identifier '=' signedNumber ;

tileOption : identifier ('=' identifier)? ;

dataItem : identifier subscript* ;

subscript
    : '(' subscriptPart* ')'
    | '[' subscriptPart* ']'
    ;

subscriptPart
    : '(' subscriptPart* ')'
    | ~('(' | ')' | '[' | ']')
    ;

expression
    : '(' expression ')'                                           #parenExpr
    | identifier '(' expression (',' expression)* ')'              #callExpr
    | <assoc=right> expression op=('^' | '**') expression          #powerExpr
    | op=('-' | '+') expression                                    #unaryExpr
    | expression op=('*' | '/') expression                         #mulExpr
    | expression op=('+' | '-') expression                         #addExpr
    | NUMBER                                                       #numberExpr
    | identifier                                                   #variableExpr
    ;

identifier
    : ID | FRAGMENT | END | INPUT | OUTPUT | MODEL | VARS | ITERATIONS | RECURSION | POOL | PROBABILITY | SIZE | SYNC
    | POST | WAIT | MEASURED | IN | FITTED | ON | PARALLEL | SECTIONS | SECTION | TILE | ENDTILE | INDEPENDENT | CONTENTION
    ;

FRAGMENT   : F R A G M E N T ;
END        : E N D ;
INPUT      : I N P U T ;
OUTPUT     : O U T P U T ;
MODEL      : M O D E L ;
VARS       : V A R S ;
ITERATIONS : I T E R A T I O N S ;
RECURSION  : R E C U R S I O N ;
POOL       : P O O L ;
INDEPENDENT : I N D E P E N D E N T ;
PROBABILITY : P R O B A B I L I T Y ;
SIZE       : S I Z E ;
SYNC       : S Y N C ;
POST       : P O S T ;
WAIT       : W A I T ;
MEASURED   : M E A S U R E D ;
IN         : I N ;
FITTED     : F I T T E D ;
CONTENTION : C O N T E N T I O N ;
ON         : O N ;
PARALLEL   : P A R A L L E L ;
SECTIONS   : S E C T I O N S ;
SECTION    : S E C T I O N ;
TILE       : T I L E ;
ENDTILE    : E N D T I L E ;

NUMBER : DIGIT+ ('.' DIGIT*)? EXPONENT? | '.' DIGIT+ EXPONENT? ;
ID     : [a-zA-Z_] [a-zA-Z_0-9]* ;

POW2   : '**' ;
LPAREN : '(' ;
RPAREN : ')' ;
LBRACK : '[' ;
RBRACK : ']' ;
LBRACE : '{' ;
RBRACE : '}' ;
COMMA  : ',' ;
COLON  : ':' ;
EQ     : '=' ;
PLUS   : '+' ;
MINUS  : '-' ;
STAR   : '*' ;
SLASH  : '/' ;
CARET  : '^' ;

WS : [ \t\r\n]+ -> skip ;

UNRECOGNIZED : . ;

fragment EXPONENT : [eEdD] [+-]? DIGIT+ ;
fragment DIGIT : [0-9] ;
fragment A : [aA] ; fragment B : [bB] ; fragment C : [cC] ; fragment D : [dD] ; fragment E : [eE] ;
fragment F : [fF] ; fragment G : [gG] ; fragment I : [iI] ; fragment L : [lL] ;
fragment M : [mM] ; fragment N : [nN] ; fragment O : [oO] ; fragment P : [pP] ;
fragment R : [rR] ; fragment S : [sS] ; fragment T : [tT] ; fragment U : [uU] ;
fragment V : [vV] ; fragment W : [wW] ; fragment Y : [yY] ; fragment Z : [zZ] ;
